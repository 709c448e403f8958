import { useEffect, useState } from 'react';
import { Button, Col, Flex, Form, Row } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslate } from '../../i18n';
import { useIdempotencyKey } from '../../api/idempotency';
import { PageCard } from '../../components/PageCard';
import { toast } from '../../components/feedback';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { FormControl } from '../../components/resource/fields';
import { fieldRules } from '../../components/resource/formRules';
import { useUnsavedChanges } from '../../layout/unsaved/unsavedStore';
import { ticketApi, ticketPath } from './api';
import { newTicketBody } from './new/body';
import { NEW_TICKET_FIELDS } from './new/fields';

const FIELD_KEYS = NEW_TICKET_FIELDS.map((field) => field.key);

/**
 * SPEC §2 new ticket: the browser checks the server's limits first, the server's field errors land
 * on the same fields, and the new ticket opens once it is saved.
 */
export default function NewTicketPage() {
  const t = useTranslate(['tickets', 'resource']);
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const [created, setCreated] = useState<number>();
  const clear = () => {
    form.resetFields();
    setDirty(false);
  };
  useUnsavedChanges(dirty, clear);
  const once = useIdempotencyKey(); // a double click on Submit creates one ticket

  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => ticketApi.add(newTicketBody(values, NEW_TICKET_FIELDS), once.key()),
    onSuccess: (ticket) => {
      once.renew();
      toast.success(t('new.created', { id: ticket.id }));
      // Lists kept open in other tabs show the new ticket when they are next looked at.
      void queryClient.invalidateQueries({ queryKey: ['ticket', 'search'] });
      clear();
      setCreated(ticket.id);
    },
    onError: (error) => showFieldErrors(form, error, FIELD_KEYS),
  });
  // Opens the ticket once the cleared form no longer counts as unsaved (else leaving would ask first).
  useEffect(() => {
    if (created === undefined || dirty) return;
    setCreated(undefined);
    navigate(ticketPath(created));
  }, [created, dirty, navigate]);

  return (
    <PageCard testId="ticket-new-page">
      <Form
        form={form}
        name="ticket-new"
        layout="vertical"
        onValuesChange={() => {
          setDirty(true);
          once.renew();
        }}
        onFinish={(values: Record<string, unknown>) => save.mutate(values)}
      >
        <Row gutter={16}>
          {NEW_TICKET_FIELDS.map((field) => {
            const label = t(field.title);
            return (
              <Col key={field.key} xs={24} md={field.wide ? 24 : 12}>
                <Form.Item name={field.key} label={label} rules={fieldRules(field, label, t)} extra={field.key === 'tags' ? t('new.tagsHint') : undefined}>
                  <FormControl column={field} label={label} />
                </Form.Item>
              </Col>
            );
          })}
        </Row>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('new.submit')}
          </Button>
          <Button onClick={clear}>{t('new.clear')}</Button>
        </Flex>
      </Form>
    </PageCard>
  );
}
