import { useState } from 'react';
import { Button, Flex, Form, Input, type UploadFile } from 'antd';
import { toast } from '../../../components/feedback';
import { showFieldErrors } from '../../../components/resource/fieldErrors';
import { useTranslate } from '../../../i18n';
import { COMMENT } from './actions';
import type { StoredFile } from './api';
import { attachmentsOf, FileUploader } from './FileUploader';
import { useTicketAction } from './useTicket';
import { MAX_FILES } from './uploadLimit';

/** A comment with up to 10 images and videos (ticket#comment); a refused comment says why on its text. */
export function CommentBox({ ticketId }: { ticketId: number }) {
  const t = useTranslate(['tickets']);
  const [form] = Form.useForm<{ content: string }>();
  const [files, setFiles] = useState<UploadFile<StoredFile>[]>([]);
  const act = useTicketAction(ticketId);

  const submit = ({ content }: { content: string }) => {
    const attachments = attachmentsOf(files);
    if (!attachments) {
      toast.warning(t('detail.attachments.uploading'));
      return;
    }
    act.mutate(
      { spec: COMMENT, body: { content, attachments }, quiet: true },
      {
        onError: (error) => showFieldErrors(form, error, ['content']), // an attachment refused is notified
        onSuccess: () => {
          form.resetFields();
          setFiles([]);
          toast.success(t('detail.comment.done'));
        },
      },
    );
  };

  return (
    <Form form={form} layout="vertical" name="ticket-comment" onFinish={submit} data-testid="comment-box">
      <Form.Item name="content" label={t('detail.comment.label')} rules={[{ required: true, whitespace: true, message: t('detail.comment.required') }]}>
        <Input.TextArea rows={3} maxLength={5000} placeholder={t('detail.comment.placeholder')} />
      </Form.Item>
      <Form.Item label={t('detail.attachments.title')} extra={t('detail.attachments.hint', { max: MAX_FILES })}>
        <FileUploader files={files} onChange={setFiles} />
      </Form.Item>
      <Flex justify="end">
        <Button type="primary" htmlType="submit" loading={act.isPending}>
          {t('detail.comment.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
