import { Button, Card, Descriptions, Form, Input, List, Radio, Result, Select, Space, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCan } from '../../app/access/can';
import { formatTime } from '../../components/format/time';
import { useTranslate } from '../../i18n';
import { deployApi, type ReviewDecision, type TaskDetail } from './api';
import { LogViewer } from './LogViewer';
import { DeployButtons } from './DeployButtons';
import { runsOf, TaskStatus } from './lists';
import { ResourcePage } from '../../components/resource';
import { showFieldErrors } from '../../components/resource/fieldErrors';

/** What changed between two revisions: the latest and the one before by default, any two on demand. */
function Diff({ detail }: { detail: TaskDetail }) {
  const t = useTranslate(['deployments']);
  const last = detail.task.revision;
  const [range, setRange] = useState<[number, number]>([last - 1, last]);
  useEffect(() => setRange([last - 1, last]), [last]);
  const [from, to] = range;
  const { data } = useQuery({ queryKey: ['deploy', 'diff', detail.task.id, from, to], queryFn: () => deployApi.diff(detail.task.id, from, to), enabled: last > 1 && from >= 1 });
  if (last < 2) return null;
  const options = detail.revisions.map((r) => ({ value: r.revision, label: `${t('revision')} ${r.revision}` }));
  return (
    <Card size="small" title={t('diffTitle', { from, to })} data-testid="review-diff">
      {/* in the body, where they wrap on a phone: a card's header does not */}
      <Space wrap style={{ marginBottom: 12 }}>
        <Select size="small" aria-label={t('diffFrom')} value={from} options={options.filter((o) => o.value !== to)} onChange={(value: number) => setRange([value, to])} style={{ width: 130 }} />
        <Select size="small" aria-label={t('diffTo')} value={to} options={options.filter((o) => o.value !== from)} onChange={(value: number) => setRange([from, value])} style={{ width: 130 }} />
      </Space>
      <Table size="small" rowKey="field" pagination={false} dataSource={data ?? []} columns={[
        { title: t('field'), dataIndex: 'field', render: (f: string) => t(`fields.${f}` as never) },
        { title: t('before'), dataIndex: 'before', render: (v: unknown) => <del>{JSON.stringify(v)}</del> },
        { title: t('after'), dataIndex: 'after', render: (v: unknown) => <ins>{JSON.stringify(v)}</ins> },
      ]} />
    </Card>
  );
}

type ReviewValues = { decision: ReviewDecision; comment?: string };

/** A decision or a comment; a rejection or a comment needs its text (said on the field, as the server says it). */
function ReviewForm({ detail, done }: { detail: TaskDetail; done: () => void }) {
  const t = useTranslate(['deployments']);
  const can = useCan();
  const [form] = Form.useForm<ReviewValues>();
  const [saving, setSaving] = useState(false);
  if (!can('review#approve') && !can('review-detail')) return null;
  const decisions: ReviewDecision[] = detail.canReview ? ['APPROVE', 'REJECT', 'COMMENT'] : ['COMMENT'];
  const submit = async (values: ReviewValues) => {
    setSaving(true);
    try {
      await deployApi.review(detail.task.id, values.decision, values.comment ?? '');
      form.resetFields();
      done();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };
  const needsText = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, value?: string) =>
      getFieldValue('decision') !== 'APPROVE' && !value?.trim() ? Promise.reject(new Error(t('commentRequired'))) : Promise.resolve(),
  });
  return (
    <Form form={form} layout="vertical" initialValues={{ decision: decisions[0] }} onFinish={(values) => void submit(values)}>
      <Form.Item name="decision" label={t('decision')}>
        <Radio.Group options={decisions.map((d) => ({ value: d, label: t(`decisions.${d}` as never) }))} />
      </Form.Item>
      <Form.Item name="comment" label={t('comment')} dependencies={['decision']} rules={[needsText]}>
        <Input.TextArea id="review-comment" rows={2} maxLength={2000} />
      </Form.Item>
      <Button htmlType="submit" type="primary" loading={saving}>{t('submitReview')}</Button>
    </Form>
  );
}

/** /review/:id: a deploy task, its revisions' diff, its reviews, its runs with the live log; deploy, roll back. */
export default function ReviewPage() {
  const t = useTranslate(['deployments']);
  const can = useCan();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { id = '' } = useParams();
  const taskId = /^\d+$/.test(id) ? Number(id) : NaN;
  const [override, setOverride] = useState('');
  const runs = useMemo(() => runsOf(taskId), [taskId]);
  const { data, error, refetch } = useQuery({ queryKey: ['deploy', 'task', taskId], queryFn: ({ signal }) => deployApi.task(taskId, signal), enabled: !Number.isNaN(taskId), refetchInterval: 3000 });
  if (error || Number.isNaN(taskId)) return <Result status="404" title={t('notFound')} />;
  if (!data) return <Card loading />;
  const task = data.task;
  const reload = () => void client.invalidateQueries({ queryKey: ['deploy'] }).then(() => refetch());
  const latestRun = data.runs[0];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card title={<Space wrap><Typography.Text strong data-testid="task-title">#{task.id} {task.name}</Typography.Text><TaskStatus status={task.status} /></Space>}>
        <Space wrap style={{ marginBottom: 12 }}>
          {data.canEdit && <Button onClick={() => void navigate(`/review/modify/${task.id}`)}>{t('modify')}</Button>}
          {can('deploy#run') && <DeployButtons task={task} override={override} done={reload} />}
        </Space>
        <Descriptions size="small" column={2} items={[
          { key: 'p', label: t('project'), children: task.projectCode },
          { key: 'v', label: t('version'), children: task.version },
          { key: 'e', label: t('environment'), children: t(`environments.${task.environment}` as never) },
          { key: 's', label: t('serverIps'), children: task.serverIps.join(', ') },
          { key: 'pa', label: t('params'), children: <code>{JSON.stringify(task.params)}</code> },
          { key: 'r', label: t('revision'), children: task.revision },
          { key: 'a', label: t('author'), children: task.authorName },
          { key: 'd', label: t('reviewDue'), children: formatTime(task.reviewDueAt) },
        ]} />
        {can('deploy#override-freeze') && task.status === 'APPROVED' && (
          <Input style={{ marginTop: 8, maxWidth: 480 }} placeholder={t('overrideReason')} value={override} onChange={(e) => setOverride(e.target.value)} />
        )}
      </Card>
      <Diff detail={data} />
      <Card size="small" title={t('reviewsTitle')}>
        <List size="small" dataSource={data.reviews} locale={{ emptyText: t('noReviews') }} renderItem={(r) => (
          <List.Item data-testid="review-entry">{t(`decisions.${r.decision}` as never)} · {r.reviewerName} · r{r.revision} · {formatTime(r.createdAt)} {r.comment && `— ${r.comment}`}</List.Item>
        )} />
        <ReviewForm detail={data} done={reload} />
      </Card>
      <ResourcePage resource={runs} title={t('runsTitle')} />
      {latestRun && <Card size="small" title={t('latestLog', { id: latestRun.id })}><LogViewer key={latestRun.id} runId={latestRun.id} height={360} /></Card>}
    </Space>
  );
}
