import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Input, Modal, Result, Spin } from 'antd';
import { ConfirmButton } from '../../components/ConfirmAction';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslate } from '../../i18n';
import { formatTime } from '../../components/format/time';
import { subscriptionApi } from './api';
import { RequestSummary } from './RequestSummary';

/**
 * `/approval/:id`: one subscribe or gift request. Another person holding the approval permission approves it
 * (applied at once, in one transaction) or refuses it with a reason; the requester never decides their own.
 * A failed request, or a live one whose flow stopped, can be retried by holders of `subscription#retry`.
 */
export default function ApprovalPage() {
  const t = useTranslate(['subscriptions']);
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const key = ['subscription', 'detail', id];
  const request = useQuery({ queryKey: key, queryFn: ({ signal }) => subscriptionApi.detail(id, signal), enabled: id > 0 });
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const settled = (data: Awaited<ReturnType<typeof subscriptionApi.detail>>) => {
    queryClient.setQueryData(key, data);
    void queryClient.invalidateQueries({ queryKey: ['subscription'] });
  };
  const approving = useMutation({ mutationFn: () => subscriptionApi.approve(id), onSuccess: settled,
    onError: () => void request.refetch() });
  const retrying = useMutation({ mutationFn: () => subscriptionApi.retry(id), onSuccess: settled,
    onError: () => void request.refetch() });
  const refusingCall = useMutation({
    mutationFn: () => subscriptionApi.refuse(id, reason),
    onSuccess: (data) => { settled(data); setRefusing(false); },
    onError: (error) => setRefusal(error instanceof Error ? error.message : String(error)),
  });

  if (request.isLoading) return <Spin />;
  if (!request.data) return <Result status="404" title={t('approval.notFound')} />;
  const data = request.data;
  const facts = [
    { label: t('fields.merchant'), value: data.merchantEmail },
    { label: t('fields.kind'), value: t(`kind.${data.kind}`) },
  ];
  return (
    <Card title={t('approval.title', { id: data.id })} extra={data.workflowUrl && (
      <a href={data.workflowUrl} target="_blank" rel="noreferrer">{t('approval.temporal')}</a>
    )}>
      <Flex vertical gap={12}>
        {data.state === 'AWAITING_APPROVAL' && data.deadlineAt && (
          <Alert type="info" showIcon title={t('approval.deadline', { at: formatTime(data.deadlineAt) })} />
        )}
        {data.canDecide && (
          <Flex gap={8}>
            <ConfirmButton type="primary" loading={approving.isPending} question={t('approval.approveConfirm')} facts={facts} onConfirm={() => approving.mutateAsync()}>
              {t('approval.approve')}
            </ConfirmButton>
            <Button danger onClick={() => { setRefusal(undefined); setRefusing(true); }}>{t('approval.refuse')}</Button>
          </Flex>
        )}
        {data.canRetry && (
          <Alert type="warning" showIcon title={t(data.state === 'FAILED' ? 'approval.failed' : 'approval.stuck')}
            action={(
              <ConfirmButton loading={retrying.isPending} question={t('approval.retryConfirm')} facts={facts} onConfirm={() => retrying.mutateAsync()}>
                {t('approval.retry')}
              </ConfirmButton>
            )} />
        )}
        <RequestSummary request={data} />
        <Descriptions size="small" column={2} bordered items={[
          { key: 'approver', label: t('fields.approver'), children: data.approverName ?? '' },
          { key: 'decidedAt', label: t('fields.decidedAt'), children: formatTime(data.decidedAt) },
          { key: 'reason', label: t('fields.reason'), children: data.reason ?? '' },
          { key: 'remark', label: t('fields.remark'), children: data.remark ?? '' },
          { key: 'screenshot', label: t('fields.screenshot'), children: data.screenshotFileId ? <Screenshot fileId={data.screenshotFileId} /> : '' },
          { key: 'workflow', label: t('fields.workflowId'), children: data.workflowId },
        ]} />
      </Flex>
      <Modal open={refusing} title={t('approval.refuse')} okText={t('approval.refuse')} onCancel={() => setRefusing(false)} okButtonProps={{ danger: true, disabled: !reason.trim() }}
        confirmLoading={refusingCall.isPending} onOk={() => refusingCall.mutate()}>
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} />}
        <Input.TextArea aria-label={t('fields.reason')} value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </Card>
  );
}

/** The payment screenshot through a signed link (a private file). */
function Screenshot({ fileId }: { fileId: number }) {
  const t = useTranslate(['subscriptions']);
  const link = useQuery({ queryKey: ['file-link', fileId], queryFn: ({ signal }) => subscriptionApi.fileLink(fileId, signal) });
  return link.data ? <a href={link.data.url} target="_blank" rel="noreferrer">{t('approval.openScreenshot')}</a> : null;
}
