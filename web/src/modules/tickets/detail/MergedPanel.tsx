import { Flex, Typography } from 'antd';
import { RouteLink } from '../../../components/RouteLink';
import { useTranslate } from '../../../i18n';
import { ticketPath } from '../api';
import type { TicketDetail, TicketRef } from './api';

const TicketLink = ({ ticket }: { ticket: TicketRef }) => <RouteLink to={ticketPath(ticket.id)}>#{ticket.id} {ticket.title}</RouteLink>;

/** The tickets merged into this one, and the one this ticket is merged into. */
export function MergedPanel({ ticket }: { ticket: TicketDetail }) {
  const t = useTranslate(['tickets']);
  return (
    <Flex vertical gap={8} data-testid="ticket-merged">
      {ticket.mergedInto && (
        <Typography.Text>
          {t('detail.merged.into')}: <TicketLink ticket={ticket.mergedInto} />
        </Typography.Text>
      )}
      {ticket.mergedFrom.length > 0 && (
        <>
          <Typography.Text type="secondary">{t('detail.merged.from')}</Typography.Text>
          {ticket.mergedFrom.map((merged) => (
            <TicketLink key={merged.id} ticket={merged} />
          ))}
        </>
      )}
    </Flex>
  );
}
