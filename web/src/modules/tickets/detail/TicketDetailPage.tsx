import { Alert, Button, Card, Col, Flex, Result, Row, Space, Spin, Typography } from 'antd';
import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { accountTicketsPath } from '../api';
import { useCan } from '../../../app/access/can';
import { useTranslate } from '../../../i18n';
import { COMMENT, isOffered } from './actions';
import { ActionBar } from './ActionBar';
import type { TicketDetail } from './api';
import { AttachmentGallery } from './AttachmentGallery';
import { CommentBox } from './CommentBox';
import { MergedPanel } from './MergedPanel';
import { RestartFlowButton } from './RestartFlowButton';
import { SlaClocks } from './SlaClocks';
import { TicketSummary } from './TicketSummary';
import { LevelTag, StatusTag } from './TicketTags';
import { TicketTimeline } from './TicketTimeline';
import { useTicket } from './useTicket';
import { WatchersPanel } from './WatchersPanel';

/** `/ticket/:id`, `/ticket/detail/:date/:id` and `/ticket/saas-detail/:date/:id/:accountId` all name the ticket by `id`. */
function useTicketId(): number {
  const { id = '' } = useParams();
  return /^\d{1,9}$/.test(id) ? Number(id) : NaN;
}

function Title({ ticket }: { ticket: TicketDetail }) {
  return (
    <Space size={8} wrap>
      <Typography.Text strong data-testid="ticket-title">
        #{ticket.id} {ticket.title}
      </Typography.Text>
      <LevelTag level={ticket.level} />
      <StatusTag status={ticket.status} mergedIntoId={ticket.mergedIntoId} />
    </Space>
  );
}

/** The account the SaaS link names (`/ticket/saas-detail/:date/:id/:accountId`): it is meant to be the ticket's. */
function AccountNotice({ ticket }: { ticket: TicketDetail }) {
  const t = useTranslate(['tickets']);
  const { accountId } = useParams();
  if (!accountId || accountId === ticket.accountId) return null;
  return (
    <Alert type="warning" showIcon data-testid="ticket-account-mismatch"
      title={t('detail.accountMismatch', { asked: accountId, account: ticket.accountId ?? '-' })}
      action={<Link to={accountTicketsPath(accountId)}>{t('detail.accountTickets')}</Link>} />
  );
}

function Detail({ ticket, reload, reloading }: { ticket: TicketDetail; reload: () => void; reloading: boolean }) {
  const t = useTranslate(['tickets']);
  const can = useCan();
  const files = [...ticket.attachments, ...ticket.comments.flatMap((comment) => comment.attachments)];
  const extra = (
    <Space>
      {/* The server gives the flow's address (through the console's proxy) to operators only. */}
      {ticket.workflowUrl && (
        <Typography.Link href={ticket.workflowUrl} target="_blank" rel="noreferrer">
          <ExportOutlined /> {t('detail.temporal')}
        </Typography.Link>
      )}
      <RestartFlowButton ticket={ticket} reload={reload} />
      <Button icon={<ReloadOutlined />} loading={reloading} onClick={reload} aria-label={t('detail.reload')} />
    </Space>
  );
  return (
    <Card title={<Title ticket={ticket} />} extra={extra} data-testid="ticket-detail">
      <Flex vertical gap={16}>
        <AccountNotice ticket={ticket} />
        {ticket.flowPending ? <Alert type="info" showIcon title={t('detail.flowPending')} data-testid="flow-pending" /> : <ActionBar ticket={ticket} />}
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <Flex vertical gap={16}>
              <TicketSummary ticket={ticket} />
              <Card size="small" title={t('detail.timeline.title')}>
                <TicketTimeline history={ticket.history} comments={ticket.comments} />
                {isOffered(COMMENT, ticket, can) && <CommentBox ticketId={ticket.id} />}
              </Card>
            </Flex>
          </Col>
          <Col xs={24} xl={8}>
            <Flex vertical gap={16}>
              <Card size="small" title={t('detail.sla.title')}>
                <SlaClocks ticket={ticket} />
              </Card>
              {(ticket.mergedFrom.length > 0 || ticket.mergedInto) && (
                <Card size="small" title={t('detail.merged.title')}>
                  <MergedPanel ticket={ticket} />
                </Card>
              )}
              <Card size="small" title={t('detail.watchers.title')}>
                <WatchersPanel ticket={ticket} />
              </Card>
              <Card size="small" title={t('detail.attachments.title')}>
                <AttachmentGallery attachments={files} />
              </Card>
            </Flex>
          </Col>
        </Row>
      </Flex>
    </Card>
  );
}

/** One ticket: who and what, SLA clocks, timeline with comments, files, watchers and the actions it takes now. */
export default function TicketDetailPage() {
  const t = useTranslate(['tickets']);
  const id = useTicketId();
  const { data, isError, refetch, isFetching } = useTicket(id);
  if (Number.isNaN(id) || (isError && !data)) {
    return <Result status="404" title={t('detail.notFound')} data-testid="ticket-not-found" />;
  }
  if (!data) return <Spin style={{ display: 'block', margin: 48 }} />;
  return <Detail ticket={data} reload={() => void refetch()} reloading={isFetching} />;
}
