import { Form, Input, Modal, Select } from 'antd';
import { isApiError } from '../../../api/ApiError';
import { notifyFailure } from '../../../api/notifier';
import { showFieldErrors } from '../../../components/resource/fieldErrors';
import { useEnumOptions } from '../../../components/resource/enums';
import { useTranslate } from '../../../i18n';
import { UserSelect } from '../../users/UserSelect';
import type { ActionSpec } from './actions';
import type { ActionBody, TicketDetail } from './api';
import { PriorityPreview } from './PriorityPreview';
import { TicketSearchSelect } from './TicketSearchSelect';

interface ActionDialogProps {
  spec: ActionSpec;
  ticket: TicketDetail;
  pending: boolean;
  onSubmit: (body: ActionBody) => Promise<unknown>;
  onClose: () => void;
}

/** The refusal of an action the ticket's state no longer allows. */
const STALE = 'TICKET_ILLEGAL_TRANSITION';

/** The fields an action's dialog may hold: a refusal naming one of them lands on it. */
const FIELDS = ['solution', 'targetId', 'issueLevel', 'assigneeId', 'reason'];

type Values = { reason?: string; solution?: string; targetId?: number; issueLevel?: TicketDetail['issueLevel']; assigneeId?: number };

function bodyOf(spec: ActionSpec, values: Values): ActionBody {
  const reason = values.reason?.trim() ? { reason: values.reason.trim() } : {};
  switch (spec.input) {
    case 'solution':
      return { solution: values.solution! };
    case 'target':
      return { targetId: values.targetId! };
    case 'level':
      return { issueLevel: values.issueLevel! };
    case 'person':
      return { assigneeId: values.assigneeId!, ...reason };
    default:
      return reason;
  }
}

/**
 * What an action asks before it is sent: a solution, a target ticket (searched by id or title), a priority (with
 * the deadlines it gives), a person, or an optional reason. A refusal of what was asked stays in the dialog, on the
 * field it names (a merge target that cannot take it), as the kit's forms show it, or as a notification when it names
 * none (nobody to remind); a ticket that changed meanwhile closes it.
 */
export function ActionDialog({ spec, ticket, pending, onSubmit, onClose }: ActionDialogProps) {
  const t = useTranslate(['tickets']);
  const [form] = Form.useForm<Values>();
  const levels = useEnumOptions(spec.input === 'level' ? 'TicketIssueLevel' : undefined);
  const level = Form.useWatch('issueLevel', form);
  const required = (label: string) => [{ required: true, message: t('detail.dialog.required', { field: label }) }];

  const submit = (values: Values) =>
    onSubmit(bodyOf(spec, values)).then(onClose, (error: unknown) => {
      if (isApiError(error) && error.code === STALE) {
        // the ticket changed meanwhile: the page has reloaded it and this dialog no longer applies
        notifyFailure(error);
        onClose();
      } else {
        showFieldErrors(form, error, FIELDS); // e.g. a merge target that cannot take it, on the target
      }
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
            <TicketSearchSelect label={label} exclude={ticket.id} />
          </Form.Item>
        )}
        {spec.input === 'level' && (
          <>
            <Form.Item name="issueLevel" label={label} rules={required(label)}>
              <Select options={levels} aria-label={label} />
            </Form.Item>
            {level && level !== ticket.issueLevel && <PriorityPreview ticketId={ticket.id} level={level} />}
          </>
        )}
        {spec.input === 'person' && (
          <Form.Item name="assigneeId" label={label} rules={required(label)}>
            <UserSelect label={label} />
          </Form.Item>
        )}
        {(spec.input === 'reason' || spec.input === 'person') && (
          <Form.Item name="reason" label={t('detail.dialog.reason')}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
