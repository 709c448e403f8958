import { api } from '../../api/client';
import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCan } from '../../app/access/can';
import { PageCard } from '../../components/PageCard';
import { toast } from '../../components/feedback';
import { useTranslate } from '../../i18n';
import { UserSelect } from '../users/UserSelect';

const KEY = ['ticket-on-duty'];

/** The ticket team's people on duty: a breach or a reminder of a ticket with no assignee and no PIC reaches them. */
export default function OnDutyPage() {
  const t = useTranslate(['ticket-settings']);
  const can = useCan();
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.get('/cms/ticket-on-duty', { signal }) });
  const [picked, setPicked] = useState<number[]>([]);
  useEffect(() => setPicked(data?.users.map((user) => user.id) ?? []), [data]);
  const save = useMutation({
    mutationFn: (userIds: number[]) => api.post('/cms/ticket-on-duty/modify', { body: { userIds } }),
    onSuccess: (saved) => {
      client.setQueryData(KEY, saved);
      toast.success(t('onDuty.saved'));
    },
  });
  const editable = can('ticket-on-duty#edit');
  return (
    <PageCard testId="ticket-on-duty-page">
      <Flex vertical gap={16} style={{ maxWidth: 640 }}>
        <Alert type="info" showIcon title={t('onDuty.hint')} />
        <Form layout="vertical">
          <Form.Item label={t('onDuty.people')}>
            <UserSelect label={t('onDuty.people')} multiple value={picked} onChange={(next) => setPicked(next as number[])} />
          </Form.Item>
        </Form>
        {editable && (
          <Button type="primary" loading={save.isPending} onClick={() => save.mutate(picked)} style={{ alignSelf: 'flex-start' }}>
            {t('onDuty.save')}
          </Button>
        )}
      </Flex>
    </PageCard>
  );
}
