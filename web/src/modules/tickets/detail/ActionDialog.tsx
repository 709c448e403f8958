import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { isApiError } from '../../../api/ApiError';
import { useEnumOptions } from '../../../components/resource/enums';
import { useTranslate } from '../../../i18n';
import type { ActionSpec } from './actions';
import type { ActionBody, TicketDetail } from './api';

interface ActionDialogProps {
  spec: ActionSpec;
  ticket: TicketDetail;
  pending: boolean;
  onSubmit: (body: ActionBody) => Promise<unknown>;
  onClose: () => void;
}

type Values = { reason?: string; solution?: string; targetId?: number; issueLevel?: TicketDetail['issueLevel'] };

function bodyOf(spec: ActionSpec, values: Values): ActionBody {
  switch (spec.input) {
    case 'solution':
      return { solution: values.solution! };
    case 'target':
      return { targetId: values.targetId! };
    case 'level':
      return { issueLevel: values.issueLevel! };
    default:
      return values.reason?.trim() ? { reason: values.reason.trim() } : {};
  }
}

/** What an action asks before it is sent: a solution, a target ticket, a priority, or an optional reason. */
export function ActionDialog({ spec, ticket, pending, onSubmit, onClose }: ActionDialogProps) {
  const t = useTranslate(['tickets']);
  const [form] = Form.useForm<Values>();
  const levels = useEnumOptions(spec.input === 'level' ? 'TicketIssueLevel' : undefined);
  const required = (label: string) => [{ required: true, message: t('detail.dialog.required', { field: label }) }];

  const submit = (values: Values) =>
    onSubmit(bodyOf(spec, values)).then(onClose, (error: unknown) => {
      // refused because the ticket changed: the page has reloaded it, this dialog no longer applies
      if (isApiError(error) && error.status === 409) onClose();
    });

  const label = t(`detail.dialog.${spec.input}`);
  return (
    <Modal
      open
      title={t(`detail.actions.${spec.action}`)}
      okText={t(`detail.actions.${spec.action}`)}
      cancelText={t('detail.dialog.cancel')}
      okButtonProps={{ danger: spec.danger }}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name={`ticket-${spec.path}`} onFinish={submit} initialValues={{ issueLevel: ticket.issueLevel }}>
        {spec.input === 'solution' && (
          <Form.Item name="solution" label={label} rules={[{ required: true, whitespace: true, message: t('detail.dialog.required', { field: label }) }]}>
            <Input.TextArea rows={4} maxLength={5000} />
          </Form.Item>
        )}
        {spec.input === 'target' && (
          <Form.Item name="targetId" label={label} rules={required(label)} extra={t('detail.dialog.targetHint')}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {spec.input === 'level' && (
          <Form.Item name="issueLevel" label={label} rules={required(label)}>
            <Select options={levels} />
          </Form.Item>
        )}
        {spec.input === 'reason' && (
          <Form.Item name="reason" label={label}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
