import { useState } from 'react';
import { Form, Modal, Spin } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../i18n';
import { asTitle } from '../../i18n/titles';
import { useIdempotencyKey } from '../../api/idempotency';
import { useUnsavedChanges } from '../../layout/unsaved/unsavedStore';
import { confirmLeave } from '../../layout/unsaved/UnsavedChangesGuard';
import { toast } from '../feedback';
import { useOnChange } from '../useOnChange';
import type { ResourceApi } from './api';
import { showFieldErrors } from './fieldErrors';
import { fieldRules, formPayload } from './formRules';
import { FormControl } from './fields';
import type { Resource, Row } from './types';

/** A new record (optionally with values to start from, e.g. the parent of a child), or an existing one. */
export type FormTarget = { kind: 'create'; initial?: Record<string, unknown> } | { kind: 'edit'; id: number };

interface FormModalProps<R extends Row> {
  resource: Resource<R>;
  api: ResourceApi<R>;
  target: FormTarget;
  onClose: () => void;
  /** After a save: the dialog has closed itself (onClose); reload what shows the rows. */
  onSaved: () => void;
  t: Translate;
}

/**
 * Create and edit dialog: the declared rules are checked in the browser, the server's 422 field
 * errors (all of them) land on the same fields with the first brought into view, and leaving with
 * unsaved changes asks first.
 */
export function FormModal<R extends Row>({ resource, api, target, onClose, onSaved, t }: FormModalProps<R>) {
  const { i18n } = useTranslation();
  const [form] = Form.useForm();
  const [dirty, setDirty] = useState(false);
  const editing = target.kind === 'edit';
  const id = editing ? target.id : undefined;
  const mode = editing ? 'edit' : 'create';
  const columns = resource.columns.filter((column) => column.form && !(editing && column.form.createOnly));

  const current = useQuery({
    queryKey: [resource.api, 'detail', id],
    queryFn: ({ signal }) => api.detail(id!, signal),
    enabled: editing,
    gcTime: 0,
  });
  // Filled once the record arrives; not again when the tab is shown after a while (the user's edits stay).
  useOnChange(current.data ? String(current.dataUpdatedAt) : '', () => {
    const record = current.data;
    if (record) form.setFieldsValue(Object.fromEntries(columns.map((column) => [column.key, column.form?.from ? column.form.from(record) : record[column.key]])));
  });

  useUnsavedChanges(dirty, onClose);
  const once = useIdempotencyKey(); // a double click on Save creates one record

  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => {
      const payload = formPayload(values, columns, mode);
      return editing ? api.modify({ id, ...payload }) : api.add(payload, once.key());
    },
    onSuccess: () => {
      once.renew();
      setDirty(false);
      toast.success(t('resource.saved'));
      onClose();
      onSaved();
    },
    onError: (error) => showFieldErrors(form, error, columns.map((column) => column.key)),
  });

  const cancel = () => {
    if (!dirty) return onClose();
    void confirmLeave(onClose);
  };

  return (
    <Modal
      open
      title={asTitle(t(editing ? 'resource.editTitle' : 'resource.addTitle', { entity: t(resource.entity) }), i18n.language)}
      okText={t('resource.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={cancel}
      confirmLoading={save.isPending}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Spin spinning={editing && current.isPending}>
        <Form
          form={form}
          name={`${resource.name}-form`}
          layout="vertical"
          initialValues={target.kind === 'create' ? target.initial : undefined}
          onValuesChange={() => {
            setDirty(true);
            once.renew();
          }}
          onFinish={(values: Record<string, unknown>) => save.mutate(values)}
        >
          {columns.map((column) => {
            const label = t(column.title);
            return (
              <Form.Item key={column.key} name={column.key} label={label} rules={fieldRules(column, label, t)}>
                <FormControl column={column} label={label} disabled={editing && column.form?.fixed} />
              </Form.Item>
            );
          })}
        </Form>
      </Spin>
    </Modal>
  );
}
