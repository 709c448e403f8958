import { useMemo, useRef, useState } from 'react';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Select, Upload } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { RouteLink } from '../../components/RouteLink';
import { useTranslate } from '../../i18n';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { subscriptionApi, type RequestQuote, type SubmitBody, type SubscriptionKind, type SubscriptionRequest } from './api';
import { freeDaysAllowed, newRequestKey, RECEIPT_PATTERN, restated, submitBody, type DialogValues } from './request';
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
/** A package the server names no limit for (it always does: `maxCount`, SPEC §3 add-on quantities). */
const MAX_COUNT = 1000;

/**
 * The subscribe or gift dialog (SPEC §2) and its second confirmation: the dialog asks the server to quote it
 * (nothing written), the confirmation shows what the server quoted (versions, amounts, periods), and confirming
 * submits the dialog with that restatement: the request is created confirmed and awaits another person's approval
 * (a double submit joins it). A refusal of the dialog lands on the field it names. Next waits for the payment
 * screenshot's upload to finish (SPEC §5: the attachment must finish uploading); a submit by Enter meanwhile is
 * refused on the field ('attachment is being uploaded').
 */
export function SubscriptionDialog({ kind, merchantId, country, open, onClose, onConfirmed }: SubscriptionDialogProps) {
  const t = useTranslate(['subscriptions']);
  const [form] = Form.useForm();
  const requestKey = useMemo(() => (open ? newRequestKey() : ''), [open]);
  const [quoted, setQuoted] = useState<{ body: SubmitBody; quote: RequestQuote }>();
  const [request, setRequest] = useState<SubscriptionRequest>();
  const [refusal, setRefusal] = useState<string>();
  const upload = useRef<Promise<unknown> | null>(null);
  const [waiting, setWaiting] = useState(false);
  const packages = useQuery({
    queryKey: ['package', 'options', country],
    queryFn: ({ signal }) => subscriptionApi.packages(country, signal),
    enabled: open,
    // Asked again each time the dialog opens: a package enabled or disabled since (in another tab, by someone
    // else) is offered or hidden at once (SPEC §3: changes take effect at once), not after the app's 30 s.
    staleTime: 0,
  });
  const chosen: number[] = Form.useWatch('packages', form) ?? [];
  const offered = (ids: number[]) => freeDaysAllowed(kind, ids.map((id) => packages.data?.find((p) => p.id === id)?.freeDays ?? 0));
  const freeDaysMost = offered(chosen);
  /** Free days within what the packages chosen now offer (read at validation, not from the last render). */
  const freeDaysRule = (_: unknown, value?: number | null) => {
    const most = offered((form.getFieldValue('packages') as number[] | undefined) ?? []);
    return value == null || (value >= 0 && value <= most) ? Promise.resolve() : Promise.reject(new Error(t('rules.freeDays', { max: most })));
  };
  const next = async () => {
    if (upload.current) {
      setWaiting(true);
      await upload.current.catch(() => undefined);
      setWaiting(false);
    }
    form.submit();
  };
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
    upload.current = null;
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
      confirmLoading={previewing.isPending || waiting} onOk={() => void next()}>
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
        <Form.Item name="freeDays" label={t('fields.freeDays')} extra={t('dialog.freeDaysMost', { max: freeDaysMost })}
          dependencies={['packages']} rules={[{ validator: freeDaysRule }]}>
          <InputNumber min={0} precision={0} />
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
        <Form.Item name="screenshotFileId" label={t('fields.screenshot')} valuePropName="fileId"
          rules={[{ validator: () => (upload.current ? Promise.reject(new Error(t('rules.uploading'))) : Promise.resolve()) }]}>
          <ScreenshotInput onUploading={(pending) => { upload.current = pending; }} />
        </Form.Item>
        <Form.Item name="remark" label={t('fields.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface ScreenshotInputProps {
  fileId?: number | null;
  onChange?: (id: number | null) => void;
  /** The upload under way (null once it ended): the dialog's Next waits for it. */
  onUploading?: (pending: Promise<unknown> | null) => void;
}

/** The payment screenshot: uploaded when picked (a private file), the form holds its id. */
function ScreenshotInput({ onChange, onUploading }: ScreenshotInputProps) {
  const t = useTranslate(['subscriptions']);
  return (
    <Upload accept="image/*" maxCount={1} listType="picture"
      customRequest={({ file, onSuccess, onError }) => {
        onChange?.(null); // the id of an earlier picture is not this one's
        const pending = subscriptionApi.upload(file as File).then(
          (stored) => { onUploading?.(null); onChange?.(stored.id); onSuccess?.(stored); },
          (error: unknown) => { onUploading?.(null); onError?.(error as Error); },
        );
        onUploading?.(pending);
      }}
      onRemove={() => { onUploading?.(null); onChange?.(null); }}>
      <a>{t('dialog.upload')}</a>
    </Upload>
  );
}
