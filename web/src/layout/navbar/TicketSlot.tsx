import { Button, Empty, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * SPEC §2: the navbar's ticket dropdown. The tickets module fills it (my open tickets, reminders);
 * until then it says so.
 */
export function TicketSlot() {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('shell.tickets')}
      content={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.ticketsPending')} />}
    >
      <Button type="text" icon={<BellOutlined />} aria-label={t('shell.tickets')} />
    </Popover>
  );
}
