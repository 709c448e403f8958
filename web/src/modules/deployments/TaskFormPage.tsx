import { Alert, Button, Card, Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { useCan } from '../../app/access/can';
import { useTranslate } from '../../i18n';
import { deployApi, type TaskBody } from './api';

const ENVIRONMENTS = ['DEV', 'TEST', 'STAGING', 'PRODUCTION'] as const;

interface Values { name: string; projectId: number; version: string; environment: TaskBody['environment']; serverIps: string; params: string; description?: string }

const addressesOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv4 address, or an IPv6 one as the browser's URL parser takes it in brackets (the server checks both too). */
function isAddress(text: string): boolean {
  if (IPV4.test(text)) return true;
  if (!text.includes(':') || !/^[\da-fA-F:.]+$/.test(text)) return false;
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

function jsonObject(text: string | undefined): boolean {
  if (!text?.trim()) return true;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function toBody(values: Values): TaskBody {
  const params = values.params?.trim() ? (JSON.parse(values.params) as Record<string, unknown>) : {};
  return { name: values.name, projectId: values.projectId, version: values.version, environment: values.environment,
    serverIps: addressesOf(values.serverIps), params, description: values.description ?? '' };
}

/** /review/created and /review/modify/:id: a deploy task; saving a change asks for a new review. */
export default function TaskFormPage() {
  const t = useTranslate(['deployments']);
  const { id } = useParams();
  const taskId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const saving = taskId ? 'deploy#edit' : 'deploy#add'; // the server's guard of the save; the form is the menu's
  const mayEdit = useCan()(saving);
  const projects = useQuery({ queryKey: ['deploy', 'projects'], queryFn: () => deployApi.projects() });
  const existing = useQuery({ queryKey: ['deploy', 'task', taskId], queryFn: ({ signal }) => deployApi.task(taskId!, signal), enabled: taskId !== undefined });
  useEffect(() => {
    const task = existing.data?.task;
    if (task) form.setFieldsValue({ ...task, serverIps: task.serverIps.join('\n'), params: JSON.stringify(task.params, null, 2) });
  }, [existing.data, form]);
  // Every field is checked before a save, the parameters' JSON and the addresses alike, so all that is wrong shows at once.
  const addressRule: Rule = { validator: (_, text?: string) => {
    const wrong = addressesOf(text ?? '').find((address) => !isAddress(address));
    return wrong ? Promise.reject(new Error(t('serverIpsRule', { value: wrong }))) : Promise.resolve();
  } };
  const paramsRule: Rule = { validator: (_, text?: string) => (jsonObject(text) ? Promise.resolve() : Promise.reject(new Error(t('paramsJson')))) };
  const save = async (values: Values) => {
    try {
      const saved = taskId ? await deployApi.modifyTask(taskId, toBody(values)) : await deployApi.addTask(toBody(values));
      void navigate(`/review/${saved.id}`);
    } catch (exc) {
      showFieldErrors(form, exc);
    }
  };
  return (
    <Card title={taskId ? t('modifyTitle', { id: taskId }) : t('createTitle')}>
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} style={{ maxWidth: 640 }} initialValues={{ environment: 'TEST', params: '{}' }}>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('required', { field: t('name') }) }, { max: 100 }]}><Input id="task-name" /></Form.Item>
        <Form.Item name="projectId" label={t('project')} rules={[{ required: true, message: t('required', { field: t('project') }) }]}>
          <Select id="task-project" options={(projects.data ?? []).map((p) => ({ value: p.id, label: `${p.code} — ${p.name}` }))} />
        </Form.Item>
        <Form.Item name="version" label={t('version')} rules={[{ required: true, message: t('required', { field: t('version') }) }, { pattern: /^[A-Za-z0-9._\-+/]+$/, message: t('versionRule') }]}><Input id="task-version" /></Form.Item>
        <Form.Item name="environment" label={t('environment')} rules={[{ required: true }]}>
          <Select id="task-environment" options={ENVIRONMENTS.map((e) => ({ value: e, label: t(`environments.${e}`) }))} />
        </Form.Item>
        <Form.Item name="serverIps" label={t('serverIps')} extra={t('serverIpsHint')} rules={[{ required: true, message: t('required', { field: t('serverIps') }) }, addressRule]}><Input.TextArea id="task-servers" rows={3} /></Form.Item>
        <Form.Item name="params" label={t('params')} extra={t('paramsHint')} rules={[paramsRule]}><Input.TextArea id="task-params" rows={4} style={{ fontFamily: 'monospace' }} /></Form.Item>
        <Form.Item name="description" label={t('description')}><Input.TextArea rows={3} /></Form.Item>
        {mayEdit
          ? <Button type="primary" htmlType="submit">{taskId ? t('saveAndReview') : t('submitForReview')}</Button>
          : <Alert type="info" showIcon message={t('taskSaveForbidden')} data-testid="task-save-forbidden" />}
      </Form>
    </Card>
  );
}
