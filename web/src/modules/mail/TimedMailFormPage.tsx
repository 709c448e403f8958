import { useEffect, useState } from 'react';
import { Button, Col, DatePicker, Flex, Form, Input, Radio, Row, Select, Spin, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { Dayjs } from 'dayjs';
import { useTranslate } from '../../i18n';
import { PageCard } from '../../components/PageCard';
import { RichTextInput } from '../../components/richText/RichTextInput';
import { toast } from '../../components/feedback';
import { toWall } from '../../components/format/time';
import { enterConfirmsOnly, TimeZoneSelect } from '../../components/resource';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { ticketDetailApi, type StoredFile } from '../tickets/detail/api';
import { useCan } from '../../app/access/can';
import { LIST_PATH, mailApi, type MailRepeat, type MailTask, type MailTaskWrite } from './api';
import { IMAGE_PERMISSION, uploadImage } from './images';
import { NextSends, WALL } from './NextSends';

const FIELDS = ['recipients', 'cc', 'subject', 'kind', 'report', 'content', 'attachmentIds', 'repeat', 'sendAt', 'timeZone'];
const REPEATS: MailRepeat[] = ['ONCE', 'ONCE_LATER', 'DAILY', 'WEEKLY', 'MONTHLY'];
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Values {
  recipients: string[];
  cc?: string[];
  subject: string;
  kind: 'COMMON' | 'BI';
  content: string;
  attachmentIds?: UploadFile<StoredFile>[];
  repeat: MailRepeat;
  sendAt?: Dayjs;
  timeZone: string;
}

function initial(task: MailTask | undefined): Partial<Values> {
  if (!task) return { kind: 'COMMON', repeat: 'DAILY', timeZone: 'Asia/Jakarta', recipients: [], cc: [] };
  return {
    ...task,
    kind: task.kind,
    sendAt: toWall(task.sendAt, task.timeZone),
    attachmentIds: task.attachments.map((file) => ({ uid: String(file.id), name: file.name, status: 'done', response: { id: file.id } as StoredFile })),
  };
}

/** SPEC §2 /timed-mail/create and /timed-mail/edit (one screen, not cached): the form and the next 5 sends. */
export default function TimedMailFormPage() {
  const t = useTranslate(['mail', 'resource']);
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useCan();
  const id = Number(useSearchParams()[0].get('id')) || undefined;
  const task = useQuery({ queryKey: ['mail', 'detail', id], queryFn: () => mailApi.detail(id as number), enabled: id !== undefined });
  const [ready, setReady] = useState(id === undefined);
  useEffect(() => {
    if (task.data) {
      form.setFieldsValue(initial(task.data));
      setReady(true);
    }
  }, [task.data, form]);

  const repeat = Form.useWatch('repeat', form);
  const sendAt = Form.useWatch('sendAt', form);
  const timeZone = Form.useWatch('timeZone', form);
  const kind = Form.useWatch('kind', form);

  const save = useMutation({
    mutationFn: (values: Values) => {
      const body: MailTaskWrite = {
        recipients: values.recipients,
        cc: values.cc ?? [],
        subject: values.subject,
        kind: values.kind,
        report: values.kind === 'BI' ? 'TICKETS' : null,
        content: values.content,
        attachmentIds: (values.attachmentIds ?? []).map((file) => file.response?.id as number),
        repeat: values.repeat,
        sendAt: values.repeat === 'ONCE' || !values.sendAt ? null : values.sendAt.format(WALL),
        timeZone: values.timeZone,
      };
      return id === undefined ? mailApi.add(body) : mailApi.modify({ ...body, id });
    },
    onSuccess: () => {
      toast.success(t('form.saved'));
      void queryClient.invalidateQueries({ queryKey: ['mail'] });
      navigate(LIST_PATH);
    },
    onError: (error) => showFieldErrors(form, error, FIELDS),
  });

  const submit = (values: Values) => {
    // SPEC §8: a mail is not saved while one of its attachments is still uploading.
    if ((values.attachmentIds ?? []).some((file) => file.status === 'uploading')) {
      toast.error(t('form.uploading'));
      return;
    }
    save.mutate(values);
  };

  const addresses = (value: string[] | undefined) => {
    const bad = (value ?? []).find((address) => !ADDRESS.test(address));
    return bad ? Promise.reject(new Error(t('form.badAddress', { address: bad }))) : Promise.resolve();
  };
  const required = (label: string) => ({ required: true, message: t('form.required', { field: label }) });

  if (!ready) return <Spin />;
  return (
    <PageCard testId="timed-mail-form">
      <Form form={form} layout="vertical" name="timed-mail" initialValues={initial(undefined)} onFinish={(values: Values) => submit(values)}>
        <Row gutter={16}>
          <Col xs={24} lg={16}>
            <Form.Item name="recipients" label={t('recipients')} rules={[required(t('recipients')), { validator: (_, v) => addresses(v) }]}>
              <Select mode="tags" tokenSeparators={[',', ';', ' ']} open={false} aria-label={t('recipients')} />
            </Form.Item>
            <Form.Item name="cc" label={t('cc')} rules={[{ validator: (_, v) => addresses(v) }]}>
              <Select mode="tags" tokenSeparators={[',', ';', ' ']} open={false} aria-label={t('cc')} />
            </Form.Item>
            <Form.Item name="subject" label={t('subject')} rules={[required(t('subject')), { max: 200 }]}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="kind" label={t('kind')} extra={kind === 'BI' ? t('form.biHint') : undefined}>
              {/* a BI mail's report is the whole ticket list: only who may export it sets one up (the server checks) */}
              <Radio.Group options={[{ value: 'COMMON', label: t('kinds.COMMON') },
                { value: 'BI', label: t('kinds.BI'), disabled: !can('ticket#export') }]} />
            </Form.Item>
            <Form.Item name="content" label={t('content')} rules={[required(t('content'))]}>
              <RichTextInput label={t('content')} tables uploadImage={can(IMAGE_PERMISSION) ? uploadImage : undefined} />
            </Form.Item>
            <Form.Item name="attachmentIds" label={t('attachments')} valuePropName="fileList" getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.filter((f) => f.status !== 'error')}>
              <Upload<StoredFile>
                multiple
                customRequest={({ file, onSuccess, onError }) => {
                  ticketDetailApi.upload(file as File).then((stored) => onSuccess?.(stored), (error: Error) => onError?.(error));
                }}
              >
                <Button icon={<UploadOutlined aria-hidden />}>{t('form.upload')}</Button>
              </Upload>
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item name="repeat" label={t('repeat')} rules={[required(t('repeat'))]}>
              <Select aria-label={t('repeat')} options={REPEATS.map((value) => ({ value, label: t(`repeats.${value}`) }))} />
            </Form.Item>
            {repeat !== 'ONCE' && (
              <Form.Item name="sendAt" label={t('sendAt')} rules={[required(t('sendAt'))]}>
                <DatePicker showTime format="YYYY-MM-DD HH:mm" aria-label={t('sendAt')} onKeyDown={enterConfirmsOnly} />
              </Form.Item>
            )}
            <Form.Item name="timeZone" label={t('timeZone')} rules={[required(t('timeZone'))]}>
              <TimeZoneSelect label={t('timeZone')} />
            </Form.Item>
            <NextSends repeat={repeat} sendAt={repeat === 'ONCE' ? null : sendAt} timeZone={timeZone} />
          </Col>
        </Row>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('form.save')}
          </Button>
          <Button onClick={() => navigate(LIST_PATH)}>{t('common.cancel')}</Button>
        </Flex>
      </Form>
    </PageCard>
  );
}
