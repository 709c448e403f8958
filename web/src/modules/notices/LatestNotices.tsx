import { Empty, Flex, theme } from 'antd';
import { PushpinOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HtmlView } from '../../components/RichText';
import { enumLabel, useEnumOptions } from '../../components/resource/enums';
import { formatTime } from '../../components/format/time';
import { latestNoticesQuery, type HomeNotice } from './api';

function NoticeItem({ notice }: { notice: HomeNotice }) {
  const { t } = useTranslation();
  const kinds = useEnumOptions('NoticeKind');
  const { token } = theme.useToken();
  // Plain elements styled from the theme: Ant Design's Typography and Tag would add their code to the first page.
  return (
    <article data-testid={`home-notice-${notice.id}`}>
      <Flex gap={8} align="center" wrap>
        {notice.pinned && <PushpinOutlined aria-label={t('home.pinned')} />}
        <span
          style={{
            padding: '0 7px',
            fontSize: token.fontSizeSM,
            lineHeight: `${token.lineHeightSM * token.fontSizeSM}px`,
            border: `1px solid ${token.colorBorder}`,
            borderRadius: token.borderRadiusSM,
            background: token.colorFillQuaternary,
          }}
        >
          {enumLabel(kinds, notice.kind)}
        </span>
        <strong style={{ color: token.colorText }}>{notice.title}</strong>
        <span style={{ color: token.colorTextSecondary }}>{formatTime(notice.releaseAt)}</span>
      </Flex>
      <HtmlView html={notice.text} />
    </article>
  );
}

/** SPEC §9: the 5 most recently updated notices and FAQ, in the reader's language (the server picks them). */
export function LatestNotices() {
  const { t, i18n } = useTranslation();
  const { data = [], isLoading } = useQuery({ ...latestNoticesQuery, queryKey: [...latestNoticesQuery.queryKey, i18n.language] });
  if (isLoading) return null;
  if (!data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noNotices')} />;
  return (
    <Flex vertical gap={12}>
      {data.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </Flex>
  );
}
