import { Flex, Space, Tag, Timeline, Typography } from 'antd';
import { formatTime } from '../../../components/format/time';
import { useTranslate } from '../../../i18n';
import { personName, type TicketComment, type TicketHistory } from './api';
import { AttachmentGallery } from './AttachmentGallery';
import { useStatusLabel } from './TicketTags';
import { timeline } from './timeline';


function HistoryItem({ entry }: { entry: TicketHistory }) {
  const t = useTranslate(['tickets']);
  const statusLabel = useStatusLabel();
  const { detail } = entry;
  const moved = entry.fromStatus && entry.toStatus && entry.fromStatus !== entry.toStatus;
  return (
    <Flex vertical gap={2} data-testid="timeline-history" data-action={entry.action}>
      <Space size={6} wrap>
        <Typography.Text strong>{personName(entry.actor) || entry.actorName}</Typography.Text>
        <Typography.Text>{entry.actionLabel}</Typography.Text>
        {moved && (
          <span data-testid="timeline-move">
            <Tag>{statusLabel(entry.fromStatus)}</Tag>→ <Tag>{statusLabel(entry.toStatus)}</Tag>
          </span>
        )}
        <Typography.Text type="secondary">{formatTime(entry.at)}</Typography.Text>
      </Space>
      {typeof detail.reason === 'string' && <Typography.Text>{t('detail.timeline.reason', { reason: detail.reason })}</Typography.Text>}
      {typeof detail.targetId === 'string' && <Typography.Text>{t('detail.timeline.target', { id: detail.targetId })}</Typography.Text>}
      {typeof detail.reached === 'string' && <Typography.Text>{t('detail.timeline.reached', { people: detail.reached })}</Typography.Text>}
      {typeof detail.fields === 'string' && <Typography.Text>{t('detail.timeline.fields', { fields: detail.fields })}</Typography.Text>}
      {typeof detail.from === 'string' && typeof detail.to === 'string' && (
        <Typography.Text>{t('detail.timeline.priority', { from: detail.from, to: detail.to })}</Typography.Text>
      )}
    </Flex>
  );
}

function CommentItem({ comment }: { comment: TicketComment }) {
  const t = useTranslate(['tickets']);
  return (
    <Flex vertical gap={4} data-testid="timeline-comment" style={{ width: '100%' }}>
      <Space size={6} wrap>
        <Typography.Text strong>{personName(comment.author) || t('detail.timeline.someone')}</Typography.Text>
        <Typography.Text>{t('detail.timeline.commented')}</Typography.Text>
        <Typography.Text type="secondary">{formatTime(comment.createdAt)}</Typography.Text>
      </Space>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{comment.body}</Typography.Paragraph>
      {comment.attachments.length > 0 && <AttachmentGallery attachments={comment.attachments} size={64} />}
    </Flex>
  );
}

/** What happened to the ticket and what people said about it, oldest first. */
export function TicketTimeline({ history, comments }: { history: readonly TicketHistory[]; comments: readonly TicketComment[] }) {
  const items = timeline(history, comments).map((item) => ({
    key: item.key,
    color: item.kind === 'comment' ? 'gray' : 'blue',
    content: item.kind === 'comment' ? <CommentItem comment={item.comment} /> : <HistoryItem entry={item.entry} />,
  }));
  return <Timeline items={items} data-testid="ticket-timeline" />;
}
