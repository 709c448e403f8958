import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/access/can';
import { TICKET_PERMISSIONS, unreadQuery } from './ticketsApi';
import { PageLoading } from '../../components/PageLoading';

// The dropdown's lists load with their own chunk, the first time it opens.
const TicketPanel = lazy(() => import('./TicketPanel'));

/** SPEC §2: the navbar's ticket dropdown, for users holding a ticket permission; the badge counts unread notifications. */
export function TicketSlot() {
  const can = useCan();
  return can(TICKET_PERMISSIONS) ? <TicketDropdown /> : null;
}

function TicketDropdown() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const unread = useQuery(unreadQuery).data?.unread ?? 0;
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void queryClient.invalidateQueries({ queryKey: unreadQuery.queryKey });
      }}
      trigger="click"
      placement="bottomRight"
      destroyOnHidden
      // Never empty (an empty popover does not open); the panel itself mounts only while open.
      content={
        <Suspense fallback={<div style={{ width: 360 }}><PageLoading /></div>}>
          {open && <TicketPanel unread={unread} onLeave={() => setOpen(false)} />}
        </Suspense>
      }
    >
      <Badge count={unread} size="small" offset={[-6, 6]} title={t('shell.unreadNotices', { count: unread })}>
        <Button type="text" icon={<BellOutlined />} aria-label={t('shell.tickets')} data-testid="ticket-dropdown" />
      </Badge>
    </Popover>
  );
}
