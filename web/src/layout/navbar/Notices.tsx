import { Button, Empty, Flex, List, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format/time';
import { REFRESH_MS, ticketsApi, unreadQuery, type Notice } from './ticketsApi';

/** My console notifications (SLA breaches, reminders, automatic closes), newest first; opening one marks it read. */
export function Notices({ onLeave }: { onLeave: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notices = useQuery({
    queryKey: ['notification', 'latest'],
    queryFn: ({ signal }) => ticketsApi.notices(signal),
    refetchOnMount: 'always',
    refetchInterval: REFRESH_MS,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['notification'] });
  const items = notices.data?.items ?? [];

  const open = async (notice: Notice) => {
    if (!notice.readAt) {
      queryClient.setQueryData(unreadQuery.queryKey, await ticketsApi.markRead([notice.id]));
      void refresh();
    }
    if (notice.link) {
      onLeave();
      navigate(notice.link);
    }
  };

  return (
    <Flex vertical gap={8}>
      <List
        size="small"
        loading={notices.isLoading}
        dataSource={items}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.noNotices')} /> }}
        style={{ maxHeight: 360, overflowY: 'auto' }}
        renderItem={(notice) => (
          <List.Item
            role="button"
            tabIndex={0}
            style={{ cursor: 'pointer' }}
            onClick={() => void open(notice)}
            onKeyDown={(event) => event.key === 'Enter' && void open(notice)}
            data-unread={!notice.readAt || undefined}
          >
            <Flex vertical gap={2} style={{ width: '100%' }}>
              <Typography.Text strong={!notice.readAt}>{notice.title}</Typography.Text>
              <Typography.Text type="secondary" ellipsis={{ tooltip: notice.body }}>{notice.body}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{formatTime(notice.createdAt)}</Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
      <Button
        size="small"
        disabled={!items.some((notice) => !notice.readAt)}
        onClick={async () => {
          queryClient.setQueryData(unreadQuery.queryKey, await ticketsApi.markRead());
          void refresh();
        }}
      >
        {t('shell.markAllRead')}
      </Button>
    </Flex>
  );
}
