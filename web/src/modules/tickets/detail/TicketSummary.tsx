import { Descriptions, Space, Tag, Typography } from 'antd';
import { formatTime } from '../../../components/format/time';
import { enumLabel, useEnumOptions } from '../../../components/resource/enums';
import { useTranslate } from '../../../i18n';
import { ListName } from '../listOptions';
import { personName, type TicketDetail } from './api';
import { accountTicketsPath } from '../api';
import { Link } from 'react-router';
import { elapsedDisplay, elapsedText } from './elapsed';

/** Who and what the ticket is about: people, the merchant's account, classification, times, the solution. */
export function TicketSummary({ ticket }: { ticket: TicketDetail }) {
  const t = useTranslate(['tickets']);
  const issueTypes = useEnumOptions('TicketIssueType');
  const resolved = ticket.sla.resolvedInMinutes;
  const resolvedIn = resolved === null ? null : elapsedDisplay(resolved);
  const items = [
    { key: 'assignee', children: personName(ticket.assignee) },
    { key: 'pic', children: personName(ticket.pic) },
    { key: 'rd', children: personName(ticket.rd) },
    { key: 'submitter', children: personName(ticket.submitter) },
    { key: 'accountId', children: ticket.accountId && <Link to={accountTicketsPath(ticket.accountId)} title={t('detail.accountTickets')}>{ticket.accountEmail ?? ticket.accountId}</Link> },
    { key: 'accountEmail', children: ticket.accountEmail },
    { key: 'category', children: <ListName list="category" code={ticket.category} /> },
    { key: 'application', children: <ListName list="application" code={ticket.application} /> },
    { key: 'issueType', children: enumLabel(issueTypes, ticket.issueType) },
    { key: 'tags', children: ticket.tags.length ? <Space size={4} wrap>{ticket.tags.map((tag) => <Tag key={tag}>{tag}</Tag>)}</Space> : null },
    { key: 'project', children: ticket.project },
    { key: 'estimatedAt', children: formatTime(ticket.estimatedAt) },
    { key: 'createdAt', children: formatTime(ticket.createdAt) },
    { key: 'closedAt', children: ticket.closedAt ? `${formatTime(ticket.closedAt)} · ${personName(ticket.closedBy)}` : null },
    { key: 'resolvedIn', children: resolvedIn && elapsedText(t, resolvedIn) },
  ];
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2, xxl: 3 }} data-testid="ticket-summary">
      {items.map(({ key, children }) => (
        <Descriptions.Item key={key} label={t(`detail.fields.${key}`)}>
          <span data-field={key}>{children || <Typography.Text type="secondary">-</Typography.Text>}</span>
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t('detail.fields.description')} span="filled">
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{ticket.description}</Typography.Paragraph>
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.fields.solution')} span="filled">
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="ticket-solution">
          {ticket.solution || <Typography.Text type="secondary">-</Typography.Text>}
        </Typography.Paragraph>
      </Descriptions.Item>
    </Descriptions>
  );
}
