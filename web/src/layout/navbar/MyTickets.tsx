import { useState } from 'react';
import { Empty, Flex, List, Segmented, Space, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RouteLink } from '../../components/RouteLink';
import { useTranslation } from 'react-i18next';
import { enumLabel, useEnumOptions } from '../../components/resource/enums';
import { type NavbarGroup, REFRESH_MS, ticketsApi } from './ticketsApi';

const GROUPS: readonly NavbarGroup[] = ['assigned', 'submitted', 'watched'];

/** Open tickets by how I am involved, with counts; the chosen group's most urgent ones (soonest resolve deadline first). */
export function MyTickets({ onLeave }: { onLeave: () => void }) {
  const { t } = useTranslation();
  const statuses = useEnumOptions('TicketStatus');
  const [group, setGroup] = useState<NavbarGroup>('assigned');
  const navbar = useQuery({
    queryKey: ['ticket', 'navbar', group],
    queryFn: ({ signal }) => ticketsApi.navbar(group, signal),
    refetchOnMount: 'always',
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData, // the counts stay while another group's tickets load
  });
  const data = navbar.data;
  return (
    <Flex vertical gap={8}>
      <Segmented<NavbarGroup>
        block
        size="small"
        data-testid="ticket-counts"
        value={group}
        onChange={setGroup}
        options={GROUPS.map((key) => ({ value: key, label: `${t(`shell.ticketGroups.${key}`)} ${data?.[key].total ?? '–'}` }))}
      />
      <List
        size="small"
        loading={navbar.isFetching && navbar.data?.group !== group}
        dataSource={data?.items ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.noOpenTickets')} /> }}
        style={{ maxHeight: 320, overflowY: 'auto' }}
        renderItem={(item) => (
          <List.Item>
            <Flex vertical gap={2} style={{ width: '100%' }}>
              <RouteLink to={`/ticket/${item.id}`} onClick={onLeave}>
                #{item.id} {item.title}
              </RouteLink>
              <Space size={4} wrap>
                <Tag>{item.level}</Tag>
                <Tag color="processing">{enumLabel(statuses, item.status)}</Tag>
                {item.breached && <Tag color="error">{t('shell.slaBreached')}</Tag>}
              </Space>
            </Flex>
          </List.Item>
        )}
      />
      <RouteLink to={`/system/ticket/user-list?scope=${data?.scope ?? 'ASSIGNED'}`} onClick={onLeave}>
        {t('shell.allMyTickets')}
      </RouteLink>
    </Flex>
  );
}
