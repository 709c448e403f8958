import { useMemo, useState, type ReactNode } from 'react';
import { Button, Flex, Input, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient, type QueryFunction } from '@tanstack/react-query';
import { useTranslate } from '../../i18n';
import { useCan } from '../../app/access/can';
import { toast } from '../feedback';
import { askConfirm } from '../ConfirmAction';
import { entityLabel, recordLabel } from './recordLabel';
import { PageCard } from '../PageCard';
import { resourceApi } from './api';
import { FormModal, type FormTarget } from './FormModal';
import type { Resource, Row } from './types';

export interface TreeRow {
  id: number;
  children?: TreeRow[] | null;
}

interface TreePageProps<N extends TreeRow, R extends Row> {
  /** The form, the API prefix and the permission keys of add, edit and delete. */
  resource: Resource<R>;
  tree: { queryKey: readonly unknown[]; queryFn: QueryFunction<N[]> };
  columns: TableColumnsType<N>;
  /** Whether a row matches the search box (no box without it). */
  matches?: (node: N, text: string) => boolean;
  /** The values a new child of the row starts from; undefined: the row takes no children. */
  childOf: (node: N) => Record<string, unknown> | undefined;
  /** The values a new top-level row starts from. */
  rootValues?: Record<string, unknown>;
  /** Whether the row may be deleted (say, leaves only); the server decides anyway. */
  deletable?: (node: N) => boolean;
  /** More buttons of a row. */
  rowExtra?: (node: N) => ReactNode;
}

function keep<N extends TreeRow>(nodes: readonly N[], matches: (node: N) => boolean): N[] {
  return nodes.flatMap((node) => {
    if (matches(node)) return [node];
    const children = keep((node.children ?? []) as N[], matches);
    return children.length ? [{ ...node, children }] : [];
  });
}

/** Leaves without an empty `children` list, so the table shows no expand button on them. */
function prune<N extends TreeRow>(nodes: readonly N[]): N[] {
  return nodes.map((node) => (node.children?.length ? { ...node, children: prune(node.children as N[]) } : { ...node, children: undefined }));
}

/** A tree on one screen (departments, menus and authorities): search, add at any level, edit, delete. */
export function TreePage<N extends TreeRow, R extends Row = Row>(props: TreePageProps<N, R>) {
  const { resource, tree, columns, matches, childOf, rootValues, deletable, rowExtra } = props;
  const t = useTranslate([resource.namespace, 'resource']);
  const can = useCan();
  const queryClient = useQueryClient();
  const api = useMemo(() => resourceApi<R>(resource.api), [resource.api]);
  const { data = [], isFetching } = useQuery({ queryKey: tree.queryKey, queryFn: tree.queryFn });
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<FormTarget>();
  const reload = () => void queryClient.invalidateQueries({ queryKey: [resource.api] });
  const allowed = (key: 'add' | 'edit' | 'delete') => Boolean(resource.actions[key]) && can(resource.actions[key]);
  const text = search.trim().toLowerCase();
  const rows = useMemo(() => prune(text && matches ? keep(data, (node) => matches(node, text)) : data), [data, text, matches]);

  const remove = (node: N) =>
    void askConfirm({
      question: t('resource.deleteConfirm'),
      facts: [{ label: entityLabel(t(resource.entity)), value: recordLabel(resource as unknown as Resource<Row>, node as unknown as Row, t) }],
      danger: true,
      onOk: async () => {
        await api.remove(node.id);
        toast.success(t('resource.deleted'));
        reload();
      },
    }, t);

  const actions: TableColumnsType<N>[number] = {
    key: 'actions',
    title: t('resource.actions'),
    fixed: 'right',
    render: (_: unknown, node: N) => {
      const child = childOf(node);
      return (
        <Space size={0} wrap>
          {allowed('add') && child && (
            <Button type="link" size="small" onClick={() => setEditing({ kind: 'create', initial: child })}>
              {t('resource.addChild')}
            </Button>
          )}
          {allowed('edit') && (
            <Button type="link" size="small" onClick={() => setEditing({ kind: 'edit', id: node.id })}>
              {t('resource.edit')}
            </Button>
          )}
          {rowExtra?.(node)}
          {allowed('delete') && (deletable?.(node) ?? true) && (
            <Button type="link" size="small" danger onClick={() => remove(node)}>
              {t('resource.delete')}
            </Button>
          )}
        </Space>
      );
    },
  };

  const toolbar = (
    <Flex gap={8} wrap>
      {matches && <Input.Search allowClear placeholder={t('resource.search')} aria-label={t('resource.search')} onChange={(event) => setSearch(event.target.value)} style={{ width: 240 }} />}
      {allowed('add') && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'create', initial: rootValues })}>
          {t('resource.add')}
        </Button>
      )}
      <Tooltip title={t('common.refresh')}>
        <Button icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={reload} />
      </Tooltip>
    </Flex>
  );

  return (
    <PageCard extra={toolbar} testId={`${resource.name}-page`}>
      <Table<N>
        key={text ? 'search' : 'all'}
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={[...columns, actions]}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ defaultExpandAllRows: Boolean(text), childrenColumnName: 'children' }}
        data-testid={`${resource.name}-tree`}
      />
      {editing && (
        <FormModal
          resource={resource}
          api={api}
          target={editing}
          t={t}
          onClose={() => setEditing(undefined)}
          onSaved={reload}
        />
      )}
    </PageCard>
  );
}
