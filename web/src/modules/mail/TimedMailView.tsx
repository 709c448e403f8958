import { Typography } from 'antd';
import { useTranslate } from '../../i18n';
import { HtmlView } from '../../components/RichText';
import { toWall } from '../../components/format/time';
import type { MailTask } from './api';
import { NextSends } from './NextSends';

/** Below a timed mail's fields in its View: the content as recipients read it and the next 5 sends in the mail's
 * own zone, by the editor's preview. */
export function TimedMailView({ row }: { row: MailTask }) {
  const t = useTranslate(['mail', 'resource']);
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>{t('content')}</Typography.Title>
      <HtmlView html={row.content} testId="mail-content" />
      <NextSends repeat={row.repeat} sendAt={toWall(row.sendAt, row.timeZone)} timeZone={row.timeZone} paused={row.status === 'PAUSED'} />
    </>
  );
}
