import { useMemo, useState } from 'react';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Select, Upload } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { RouteLink } from '../../components/RouteLink';
import { useTranslate } from '../../i18n';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { subscriptionApi, type RequestQuote, type SubmitBody, type SubscriptionKind, type SubscriptionRequest } from './api';
import { newRequestKey, RECEIPT_PATTERN, restated, submitBody, type DialogValues } from './request';
import { RequestSummary } from './RequestSummary';

export interface SubscriptionDialogProps {
  kind: SubscriptionKind;
  merchantId: number;
  /** The merchant's country: the packages offered are that country's only (a merchant is sold no other, SPEC §5). */
  country: string;
  open: boolean;
  onClose: () => void;
  /** The request once confirmed: it now awaits another person's approval. */
  onConfirmed?: (request: SubscriptionRequest) => void;
}

const FIELDS = ['packages', 'freeDays', 'receiptNumber', 'paymentSerial', 'paymentAt', 'screenshotFileId', 'remark'];
const MAX_FREE_DAYS = 365; // SPEC §9
/** A package the server names no limit for (it always does: `maxCount`, SPEC §3 add-on quantities). */
const MAX_COUNT = 1000;

/**
 * The subscribe or gift dialog (SPEC §2) and its second confirmation: the dialog asks the server to quote it
 * (nothing written), the confirmation shows what the server quoted (versions, amounts, periods), and confirming
 * submits the dialog with that restatement: the request is created confirmed and awaits another person's approval
 * (a double submit joins it). A refusal of the dialog lands on the field it names.
 */
export function SubscriptionDialog({ kind, merchantId, country, open, onClose, onConfirmed }: SubscriptionDialogProps) {
  const t = useTranslate(['subscriptions']);
  const [form] = Form.useForm();
  const requestKey = useMemo(() => (open ? newRequestKey() : ''), [open]);
  const [quoted, setQuoted] = useState<{ body: SubmitBody; quote: RequestQuote }>();
  const [request, setRequest] = useState<SubscriptionRequest>();
  const [refusal, setRefusal] = useState<string>();
  const packages = useQuery({
    queryKey: ['package', 'options', country],
    queryFn: ({ signal }) => subscriptionApi.packages(country, signal),
    enabled: open,
    // Asked again each time the dialog opens: a package enabled or disabled since (in another tab, by someone
    // else) is offered or hidden at once (SPEC §3: changes take effect at once), not after the app's 30 s.
    staleTime: 0,
  });
  const chosen: number[] = Form.useWatch('packages', form) ?? [];
  const previewing = useMutation({
    mutationFn: async (values: DialogValues) => {
      const body = submitBody(kind, merchantId, values, requestKey);
      return { body, quote: await subscriptionApi.preview(body) };
    },
    onSuccess: (reply) => { setRefusal(undefined); setQuoted(reply); },
    onError: (error) => showFieldErrors(form, error, FIELDS),
  });
  const confirming = useMutation({
    mutationFn: ({ body, quote }: { body: SubmitBody; quote: RequestQuote }) =>
      subscriptionApi.submit({ ...body, confirmation: restated(quote) }),
    onSuccess: (reply) => { setRequest(reply); onConfirmed?.(reply); },
    onError: (error) => setRefusal(error instanceof Error ? error.message : String(error)),
  });
  const close = () => {
    form.resetFields();
    setQuoted(undefined);
    setRequest(undefined);
    setRefusal(undefined);
    onClose();
  };
  const gift = kind === 'GIFT';
  const title = t(gift ? 'dialog.giftTitle' : 'dialog.subscribeTitle');

  if (quoted) {
    return (
      <Modal open={open} title={`${title}: ${t('dialog.confirmTitle')}`} onCancel={close} destroyOnHidden
        okText={request ? t('dialog.close') : t('dialog.confirm')} confirmLoading={confirming.isPending}
        onOk={() => (request ? close() : confirming.mutate(quoted))}
        cancelText={t('dialog.back')} cancelButtonProps={{ hidden: Boolean(request) }}>
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} />}
        {request ? (
          <Alert type="success" showIcon title={t('dialog.awaitingApproval')}
            description={<RouteLink to={`/approval/${request.id}`}>{t('dialog.openRequest', { id: request.id })}</RouteLink>} />
        ) : (
          <Alert type="info" showIcon title={t('dialog.confirmHint')} style={{ marginBottom: 12 }} />
        )}
        <RequestSummary request={request ?? quoted.quote} />
      </Modal>
    );
  }
  return (
    <Modal open={open} title={title} onCancel={close} destroyOnHidden okText={t('dialog.next')}
      confirmLoading={previewing.isPending} onOk={() => form.submit()}>
      <Form form={form} layout="vertical" initialValues={{ freeDays: 0 }} onFinish={(values: DialogValues) => previewing.mutate(values)}>
        <Form.Item name="packages" label={t('fields.packages')} rules={[{ required: true, message: t('rules.packages') }]}>
          <Select mode="multiple" loading={packages.isLoading} optionFilterProp="label"
            options={(packages.data ?? []).map((p) => ({ value: p.id, label: `${p.displayName} (${t(`type.${p.packageType}`)})` }))} />
        </Form.Item>
        {chosen.map((packageId) => {
          const option = packages.data?.find((p) => p.id === packageId);
          const most = option?.maxCount ?? MAX_COUNT;
          return (
            <Form.Item key={packageId} name={['counts', String(packageId)]} initialValue={1}
              label={t('fields.countOf', { name: option?.name ?? packageId })}
              extra={option?.addonType ? t('dialog.addonMost', { max: most }) : undefined}
              rules={[{ type: 'number', min: 1, max: most, message: t('rules.count', { max: most }) }]}>
              <InputNumber min={1} max={most} precision={0} />
            </Form.Item>
          );
        })}
        <Form.Item name="freeDays" label={t('fields.freeDays')}>
          <InputNumber min={0} max={MAX_FREE_DAYS} precision={0} />
        </Form.Item>
        <Form.Item name="receiptNumber" label={t('fields.receiptNumber')}
          rules={[{ required: !gift, message: t('rules.required') }, { max: 64 }, { pattern: RECEIPT_PATTERN, message: t('rules.receipt') }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="paymentSerial" label={t('fields.paymentSerial')} rules={[{ required: !gift, message: t('rules.required') }, { max: 64 }]}>
          <Input maxLength={64} />
        </Form.Item>
        {!gift && (
          <Form.Item name="paymentAt" label={t('fields.paymentAt')}>
            <DatePicker showTime />
          </Form.Item>
        )}
        <Form.Item name="screenshotFileId" label={t('fields.screenshot')} valuePropName="fileId">
          <ScreenshotInput />
        </Form.Item>
        <Form.Item name="remark" label={t('fields.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The payment screenshot: uploaded when picked (a private file), the form holds its id. */
function ScreenshotInput({ onChange }: { fileId?: number | null; onChange?: (id: number | null) => void }) {
  const t = useTranslate(['subscriptions']);
  return (
    <Upload accept="image/*" maxCount={1} listType="picture"
      customRequest={({ file, onSuccess, onError }) => {
        subscriptionApi.upload(file as File).then((stored) => { onChange?.(stored.id); onSuccess?.(stored); }, (error) => onError?.(error));
      }}
      onRemove={() => onChange?.(null)}>
      <a>{t('dialog.upload')}</a>
    </Upload>
  );
}
