import { Button, Flex, Space, Tag, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useCan } from '../../../app/access/can';
import { useTranslate } from '../../../i18n';
import { isOffered, UNWATCH, WATCH } from './actions';
import { personName, type TicketDetail } from './api';
import { useTicketAction } from './useTicket';

/** Who gets the ticket's notifications; the user joins or leaves them. */
export function WatchersPanel({ ticket }: { ticket: TicketDetail }) {
  const t = useTranslate(['tickets']);
  const can = useCan();
  const act = useTicketAction(ticket.id);
  const toggle = ticket.watching ? UNWATCH : WATCH;
  return (
    <Flex vertical gap={8} data-testid="ticket-watchers">
      <Space size={4} wrap>
        {ticket.watchers.length ? (
          ticket.watchers.map((user) => <Tag key={user.id}>{personName(user)}</Tag>)
        ) : (
          <Typography.Text type="secondary">{t('detail.watchers.none')}</Typography.Text>
        )}
      </Space>
      {isOffered(toggle, ticket, can) && (
        <Button
          size="small"
          icon={ticket.watching ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          loading={act.isPending}
          onClick={() => act.mutate({ spec: toggle })}
          style={{ alignSelf: 'flex-start' }}
        >
          {t(ticket.watching ? 'detail.watchers.unwatch' : 'detail.watchers.watch')}
        </Button>
      )}
    </Flex>
  );
}
