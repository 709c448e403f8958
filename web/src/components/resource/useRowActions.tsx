import type { Translate } from '../../i18n';
import { useCan } from '../../app/access/can';
import { useCanOpen } from '../../app/access/canOpen';
import { toast } from '../feedback';
import { askConfirm } from '../ConfirmAction';
import { batchLabel, entityLabel, recordLabel } from './recordLabel';
import type { ResourceApi } from './api';
import type { ActionContext, BatchAction, Resource, Row, RowAction } from './types';

/** Standard and declared actions the user may use, with the second confirmation destructive ones ask for, naming
 *  the records they act on. */
export function useResourceActions<R extends Row>(resource: Resource<R>, api: ResourceApi<R>, t: Translate) {
  const can = useCan();
  const canOpen = useCanOpen();
  const allowed = (key: keyof Resource['actions']) => Boolean(resource.actions[key]) && can(resource.actions[key]);

  const confirmed = (question: string | undefined, danger: boolean | undefined, named: string, run: () => unknown) => {
    if (!question) return void run();
    void askConfirm({ question: t(question, { name: named }), facts: [{ label: entityLabel(t(resource.entity)), value: named }], danger, onOk: run }, t);
  };

  const remove: RowAction<R> = {
    key: 'delete',
    label: 'resource.delete',
    danger: true,
    confirm: 'resource.deleteConfirm',
    run: async (row, context) => {
      await api.remove(row.id);
      toast.success(t('resource.deleted'));
      context.reload();
    },
  };

  const removeAll: BatchAction<R> = {
    key: 'delete',
    label: 'resource.deleteSelected',
    danger: true,
    confirm: 'resource.deleteSelectedConfirm',
    run: async (rows, context) => {
      try {
        for (const row of rows) await api.remove(row.id);
        toast.success(t('resource.deleted'));
      } finally {
        context.reload();
      }
    },
  };

  const rowActions = [...(allowed('delete') ? [remove] : []), ...resource.rowActions].filter((action) => can(action.permission));
  const batchActions = [...(allowed('delete') ? [removeAll] : []), ...resource.batchActions].filter((action) => can(action.permission));

  return {
    canAdd: allowed('add'),
    canEdit: allowed('edit'),
    canExport: allowed('export'),
    canImport: allowed('import'),
    /** "view" leads to the record's own page (held as a screen of the user's menu) or to the detail drawer. */
    canView: (row: R) => (resource.detailPath ? canOpen(resource.detailPath(row)) : can(resource.view)),
    /** The row actions that apply to `row` and lead to no screen the user may not open. */
    rowActionsOf: (row: R) => rowActions.filter((action) => (!action.when || action.when(row)) && (!action.opens || canOpen(action.opens(row)))),
    rowActions,
    batchActions,
    runRow: (action: RowAction<R>, row: R, context: ActionContext) =>
      confirmed(action.confirm, action.danger, recordLabel(resource, row, t), () => action.run(row, context)),
    runBatch: (action: BatchAction<R>, rows: R[], context: ActionContext) =>
      confirmed(action.confirm, action.danger, batchLabel(resource, rows, t), () => action.run(rows, context)),
  };
}

export type ResourceActionsOf<R extends Row> = ReturnType<typeof useResourceActions<R>>;
