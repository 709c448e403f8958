import { Col, Empty, Flex, Row, theme } from 'antd';
import { NotificationOutlined, StarOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppTitle } from '../../app/appInfo';
import { useUserInfo } from '../../app/access/session';
import { titleIn } from '../../app/menuEntries';
import { useEntriesByIdentifier } from '../../layout/useMenuEntries';
import { recentPagesQuery } from '../../layout/navbar/recentPagesApi';
import { LatestNotices } from '../notices/LatestNotices';
import { Panel } from './Panel';

/** SPEC §9: the home page shows the 5 most recently updated notices and FAQs. */
export const LATEST_NOTICES = 5;

/** The notices and FAQs slot: the 5 latest in the reader's language (modules/notices). */
function NoticesPanel() {
  const { t } = useTranslation();
  return (
    <Panel title={<><NotificationOutlined /> {t('home.notices', { count: LATEST_NOTICES })}</>} testId="home-notices">
      <LatestNotices />
    </Panel>
  );
}

function SubscribedPages() {
  const { t, i18n } = useTranslation();
  const entries = useEntriesByIdentifier();
  const { data: pages = [] } = useQuery(recentPagesQuery);
  const subscribed = pages.filter((page) => page.subscription && entries.has(page.name));
  return (
    <Panel title={<><StarOutlined /> {t('home.subscribed')}</>} testId="home-subscribed">
      {subscribed.length ? (
        <Flex vertical gap={8}>
          {subscribed.map((page) => (
            <Link key={page.accessURL} to={page.accessURL}>
              {titleIn(entries.get(page.name)?.titles, i18n.language)}
            </Link>
          ))}
        </Flex>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noSubscribed')} />
      )}
    </Panel>
  );
}

/** The landing page after login. */
export default function HomePage() {
  const { t } = useTranslation();
  const appTitle = useAppTitle();
  const user = useUserInfo();
  const { token } = theme.useToken();
  return (
    <>
      <h2 style={{ marginTop: 0, fontSize: token.fontSizeHeading4, color: token.colorText }}>
        {t('home.welcome', { appTitle, name: user?.displayName || user?.username || '' })}
      </h2>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <NoticesPanel />
        </Col>
        <Col xs={24} lg={10}>
          <SubscribedPages />
        </Col>
      </Row>
    </>
  );
}
