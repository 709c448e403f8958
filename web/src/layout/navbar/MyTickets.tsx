import { Empty, Flex, List, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { enumLabel, useEnumOptions } from '../../components/resource/enums';
import { REFRESH_MS, ticketsApi } from './ticketsApi';

const GROUPS = ['assigned', 'submitted', 'watched'] as const;

/** Open tickets by how I am involved, and the most urgent ones assigned to me (soonest resolve deadline first). */
export function MyTickets({ onLeave }: { onLeave: () => void }) {
  const { t } = useTranslation();
  const statuses = useEnumOptions('TicketStatus');
  const navbar = useQuery({
    queryKey: ['ticket', 'navbar'],
    queryFn: ({ signal }) => ticketsApi.navbar(signal),
    refetchOnMount: 'always',
    refetchInterval: REFRESH_MS,
  });
  const data = navbar.data;
  return (
    <Flex vertical gap={8}>
      <Space size={16} wrap data-testid="ticket-counts">
        {GROUPS.map((group) => (
          <Typography.Text key={group} type="secondary">
            {t(`shell.ticketGroups.${group}`)} <Typography.Text strong>{data?.[group].total ?? '–'}</Typography.Text>
          </Typography.Text>
        ))}
      </Space>
      <List
        size="small"
        loading={navbar.isLoading}
        dataSource={data?.items ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.noOpenTickets')} /> }}
        style={{ maxHeight: 320, overflowY: 'auto' }}
        renderItem={(item) => (
          <List.Item>
            <Flex vertical gap={2} style={{ width: '100%' }}>
              <Link to={`/ticket/${item.id}`} onClick={onLeave}>
                #{item.id} {item.title}
              </Link>
              <Space size={4} wrap>
                <Tag>{item.level}</Tag>
                <Tag color="processing">{enumLabel(statuses, item.status)}</Tag>
                {item.breached && <Tag color="error">{t('shell.slaBreached')}</Tag>}
              </Space>
            </Flex>
          </List.Item>
        )}
      />
      <Link to="/system/ticket/user-list" onClick={onLeave}>
        {t('shell.allMyTickets')}
      </Link>
    </Flex>
  );
}
