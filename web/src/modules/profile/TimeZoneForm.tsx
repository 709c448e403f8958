import { api } from '../../api/client';
import { Button, Form } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from '../../i18n';
import { toast } from '../../components/feedback';
import { setDisplayZone } from '../../components/format/time';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { ZoneSelect } from '../users/ZoneSelect';


/**
 * The zone every time of the console is shown in for me; left empty, the default business calendar's.
 * Saved, it applies at once: every list and page reads its data again and shows it in the new zone.
 */
export function TimeZoneForm({ timeZone }: { timeZone: string | null | undefined }) {
  const t = useTranslate(['profile', 'users', 'resource']);
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: { timeZone?: string }) => api.post('/cms/user/profile', { body: { timeZone: values.timeZone ?? null }, notify: false }),
    onSuccess: (saved) => {
      setDisplayZone(saved.timeZone ?? saved.defaultTimeZone);
      toast.success(t('zone.saved'));
      void queryClient.invalidateQueries();
    },
    onError: (error) => showFieldErrors(form, error, ['timeZone']),
  });
  return (
    <Form form={form} layout="vertical" name="time-zone" initialValues={{ timeZone: timeZone ?? undefined }} style={{ maxWidth: 420 }} onFinish={(values: { timeZone?: string }) => save.mutate(values)}>
      <Form.Item name="timeZone" label={t('timeZone')} extra={t('zone.hint')}>
        <ZoneSelect label={t('timeZone')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('resource.save')}
      </Button>
    </Form>
  );
}
