import { Checkbox, Empty, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';
import { usePageTitle } from './RecentPages';
import { MAX_SUBSCRIBED, type RecentPage } from './recentPagesApi';

/** The plus popover: pick up to 5 recently visited pages to keep in the navbar. */
export default function SubscribePanel({ pages, chosen, onChange }: { pages: RecentPage[]; chosen: string[]; onChange: (next: string[]) => void }) {
  const { t } = useTranslation();
  const titleOf = usePageTitle();
  const { token } = theme.useToken();
  if (!pages.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recent.empty')} />;
  return (
    <Flex vertical gap={4} style={{ maxHeight: 320, overflowY: 'auto', minWidth: 220 }} data-testid="subscribe-panel">
      <span style={{ color: token.colorTextSecondary }}>{t('recent.choose', { max: MAX_SUBSCRIBED })}</span>
      {pages.map((page) => (
        <Checkbox
          key={page.accessURL}
          checked={chosen.includes(page.accessURL)}
          onChange={(event) => {
            if (!event.target.checked) return onChange(chosen.filter((url) => url !== page.accessURL));
            if (chosen.length >= MAX_SUBSCRIBED) return toast.warning(t('recent.mostFive'));
            onChange([...chosen, page.accessURL]);
          }}
        >
          {titleOf(page)}
        </Checkbox>
      ))}
    </Flex>
  );
}
