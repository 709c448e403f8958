import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { MyTickets } from './MyTickets';
import { Notices } from './Notices';

/** The ticket dropdown's content: my open tickets, and my notifications. Mounted only while open. */
export default function TicketPanel({ unread, onLeave }: { unread: number; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <div style={{ width: 380 }} data-testid="ticket-panel">
      <Tabs
        size="small"
        items={[
          { key: 'tickets', label: t('shell.myTickets'), children: <MyTickets onLeave={onLeave} /> },
          { key: 'notices', label: t('shell.notices', { count: unread }), children: <Notices onLeave={onLeave} /> },
        ]}
      />
    </div>
  );
}
