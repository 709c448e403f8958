import { Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InputProps } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { jobsApi, type JobHandler } from './api';
import { describeCron } from './cron';
import { useJobNames } from './names';

export function useHandlers(): JobHandler[] {
  return useQuery({ queryKey: ['job', 'handlers'], queryFn: jobsApi.handlers, staleTime: 300_000 }).data ?? [];
}

/** The handler: one of the console's own jobs (the catalogue of domain/rules/jobs.py), never free text. */
export function HandlerInput({ id, value, onChange }: InputProps) {
  const handlers = [...new Set(useHandlers().map((h) => h.handler))];
  const form = Form.useFormInstance();
  return (
    <Select id={id} value={value as string | undefined} showSearch options={handlers.map((h) => ({ value: h, label: h }))}
      onChange={(next) => { onChange?.(next); form.setFieldsValue({ method: undefined, params: {} }); }} />
  );
}

/** The method: one of the chosen handler's. */
export function MethodInput({ id, value, onChange }: InputProps) {
  const handler = Form.useWatch('handler') as string | undefined;
  const names = useJobNames();
  const methods = useHandlers().filter((h) => h.handler === handler);
  // each method named by its job in the reader's language, its code beside it (what the handler column shows)
  const options = methods.map((h) => ({ value: h.method, label: `${names.job(h)} (${h.method})` }));
  return <Select id={id} value={value as string | undefined} showSearch optionFilterProp="label" options={options} onChange={onChange} />;
}

type Params = Record<string, unknown>;

/** The parameters, one control each as the job's schema says (a number where labelled, SPEC §5). */
export function ParamsInput({ id, value, onChange }: InputProps) {
  const t = useTranslate(['jobs']);
  const handler = Form.useWatch('handler') as string | undefined;
  const method = Form.useWatch('method') as string | undefined;
  const job = useHandlers().find((h) => h.handler === handler && h.method === method);
  return <ParamFields id={id} job={job} value={(value ?? {}) as Params} onChange={onChange} placeholders t={t} />;
}

interface ParamFieldsProps {
  id?: string;
  job: JobHandler | undefined;
  value: Params;
  onChange?: (value: Params) => void;
  /** Show each default as the placeholder (the task form); a run-now override leaves the task's value. */
  placeholders?: boolean;
  t: (key: string) => string;
}

export function ParamFields({ id, job, value, onChange, placeholders, t }: ParamFieldsProps) {
  if (!job?.params.length) return <Typography.Text type="secondary">{t('noParams')}</Typography.Text>;
  const set = (name: string, next: unknown) => onChange?.({ ...value, [name]: next === '' || next === null ? undefined : next });
  return (
    <Space id={id} direction="vertical" style={{ width: '100%' }}>
      {job.params.map((p) => {
        const label = t(`param.${p.name}`);
        const hint = placeholders && p.default !== null && p.default !== undefined && p.default !== '' ? String(p.default) : undefined;
        const control = p.kind === 'number'
          ? <InputNumber aria-label={label} precision={0} min={p.minimum ?? undefined} max={p.maximum ?? undefined} placeholder={hint} value={value[p.name] as number | undefined} onChange={(v) => set(p.name, v)} style={{ width: '100%' }} />
          : p.kind === 'boolean'
            ? <Switch aria-label={label} checked={Boolean(value[p.name])} onChange={(v) => set(p.name, v)} />
            : <Input aria-label={label} placeholder={hint} value={(value[p.name] as string | undefined) ?? ''} onChange={(e) => set(p.name, e.target.value)} />;
        const range = p.minimum !== null && p.minimum !== undefined ? ` (${p.minimum} – ${p.maximum})` : '';
        return <label key={p.name} style={{ display: 'block' }}><Typography.Text>{label}{range}</Typography.Text>{control}</label>;
      })}
    </Space>
  );
}

/** The cron, with what it means in the reader's language under it. */
export function CronInput({ id, value, onChange }: InputProps) {
  const t = useTranslate(['jobs']);
  const { i18n } = useTranslation();
  const words = describeCron(value as string | undefined, i18n.language);
  return (
    <>
      <Input id={id} value={(value as string | undefined) ?? ''} placeholder="*/5 * * * *" onChange={(e) => onChange?.(e.target.value)} />
      <Typography.Text type={words || !value ? 'secondary' : 'danger'} data-testid="cron-words">
        {words ?? (value ? t('cronUnreadable') : t('cronHint'))}
      </Typography.Text>
    </>
  );
}

/** Alarm emails: typed one after another (comma, semicolon or space ends one). */
export function EmailsInput({ id, value, onChange, label }: InputProps) {
  return <Select id={id} mode="tags" tokenSeparators={[',', ';', ' ']} open={false} aria-label={label} value={(value as string[] | undefined) ?? []} onChange={onChange} />;
}
