import { useMemo } from 'react';
import { Col, Form, Modal, Row } from 'antd';
import { useTranslate } from '../../../i18n';
import { showFieldErrors } from '../../../components/resource/fieldErrors';
import { FormControl } from '../../../components/resource/fields';
import { fieldRules } from '../../../components/resource/formRules';
import type { ActionBody, TicketDetail } from './api';
import { EDIT_FIELDS, editBody, editValues } from './edit';

const FIELD_KEYS = EDIT_FIELDS.map((field) => field.key);

/** Edits the ticket's title, description, classification, account, tags, PIC, RD and estimated time; only the
 *  changed fields are sent, the server's field errors land on the same fields (the first brought into view), and a
 *  refusal naming none is notified. */
export function EditTicketDialog({ ticket, pending, onSubmit, onClose }: {
  ticket: TicketDetail;
  pending: boolean;
  onSubmit: (body: ActionBody) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useTranslate(['tickets', 'resource']);
  const [form] = Form.useForm();
  const initial = useMemo(() => editValues(ticket), [ticket]);

  const submit = (values: Record<string, unknown>) => {
    const body = editBody(initial, values);
    if (!Object.keys(body).length) return onClose();
    return onSubmit(body).then(onClose, (error: unknown) => showFieldErrors(form, error, FIELD_KEYS));
  };

  return (
    <Modal
      open
      width={760}
      title={t('detail.actions.EDIT')}
      okText={t('detail.dialog.save')}
      cancelText={t('detail.dialog.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} name="ticket-edit" layout="vertical" initialValues={initial} onFinish={submit} data-testid="ticket-edit-form">
        <Row gutter={16}>
          {EDIT_FIELDS.map((field) => {
            const label = t(field.title);
            return (
              <Col key={field.key} xs={24} md={field.wide ? 24 : 12}>
                <Form.Item name={field.key} label={label} rules={fieldRules(field, label, t)}>
                  <FormControl column={field} label={label} />
                </Form.Item>
              </Col>
            );
          })}
        </Row>
      </Form>
    </Modal>
  );
}
