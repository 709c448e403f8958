import { Alert, Button, Card, Form, Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/ApiError';
import { useCan } from '../../app/access/can';
import { useTranslate } from '../../i18n';
import { deployApi, type TaskBody } from './api';

const ENVIRONMENTS = ['DEV', 'TEST', 'STAGING', 'PRODUCTION'] as const;

interface Values { name: string; projectId: number; version: string; environment: TaskBody['environment']; serverIps: string; params: string; description?: string }

function toBody(values: Values): TaskBody {
  const params = values.params?.trim() ? (JSON.parse(values.params) as Record<string, unknown>) : {};
  return { name: values.name, projectId: values.projectId, version: values.version, environment: values.environment,
    serverIps: values.serverIps.split(/[\s,]+/).filter(Boolean), params, description: values.description ?? '' };
}

/** /review/created and /review/modify/:id: a deploy task; saving a change asks for a new review. */
export default function TaskFormPage() {
  const t = useTranslate(['deployments']);
  const { id } = useParams();
  const taskId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const saving = taskId ? 'deploy#edit' : 'deploy#add'; // the server's guard of the save; the form is the menu's
  const mayEdit = useCan()(saving);
  const projects = useQuery({ queryKey: ['deploy', 'projects'], queryFn: () => deployApi.projects() });
  const existing = useQuery({ queryKey: ['deploy', 'task', taskId], queryFn: ({ signal }) => deployApi.task(taskId!, signal), enabled: taskId !== undefined });
  useEffect(() => {
    const task = existing.data?.task;
    if (task) form.setFieldsValue({ ...task, serverIps: task.serverIps.join('\n'), params: JSON.stringify(task.params, null, 2) });
  }, [existing.data, form]);
  const save = async (values: Values) => {
    setError(null);
    let body: TaskBody;
    try {
      body = toBody(values);
    } catch {
      form.setFields([{ name: 'params', errors: [t('paramsJson')] }]);
      return;
    }
    try {
      const saved = taskId ? await deployApi.modifyTask(taskId, body) : await deployApi.addTask(body);
      void navigate(`/review/${saved.id}`);
    } catch (exc) {
      if (exc instanceof ApiError) setError(exc.message);
      else throw exc;
    }
  };
  return (
    <Card title={taskId ? t('modifyTitle', { id: taskId }) : t('createTitle')}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="task-form-error" />}
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} style={{ maxWidth: 640 }} initialValues={{ environment: 'TEST', params: '{}' }}>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('required', { field: t('name') }) }, { max: 100 }]}><Input id="task-name" /></Form.Item>
        <Form.Item name="projectId" label={t('project')} rules={[{ required: true, message: t('required', { field: t('project') }) }]}>
          <Select id="task-project" options={(projects.data ?? []).map((p) => ({ value: p.id, label: `${p.code} — ${p.name}` }))} />
        </Form.Item>
        <Form.Item name="version" label={t('version')} rules={[{ required: true, message: t('required', { field: t('version') }) }, { pattern: /^[A-Za-z0-9._\-+/]+$/, message: t('versionRule') }]}><Input id="task-version" /></Form.Item>
        <Form.Item name="environment" label={t('environment')} rules={[{ required: true }]}>
          <Select id="task-environment" options={ENVIRONMENTS.map((e) => ({ value: e, label: t(`environments.${e}`) }))} />
        </Form.Item>
        <Form.Item name="serverIps" label={t('serverIps')} extra={t('serverIpsHint')} rules={[{ required: true, message: t('required', { field: t('serverIps') }) }]}><Input.TextArea id="task-servers" rows={3} /></Form.Item>
        <Form.Item name="params" label={t('params')} extra={t('paramsHint')}><Input.TextArea id="task-params" rows={4} style={{ fontFamily: 'monospace' }} /></Form.Item>
        <Form.Item name="description" label={t('description')}><Input.TextArea rows={3} /></Form.Item>
        {mayEdit
          ? <Button type="primary" htmlType="submit">{taskId ? t('saveAndReview') : t('submitForReview')}</Button>
          : <Alert type="info" showIcon message={t('taskSaveForbidden')} data-testid="task-save-forbidden" />}
      </Form>
    </Card>
  );
}
