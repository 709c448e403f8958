import { List, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslate } from '../../i18n';
import { formatTime } from '../../components/format/time';
import { mailApi, type MailRepeat } from './api';

/** A send time as the preview takes it: a wall time in the mail's zone. */
export const WALL = 'YYYY-MM-DDTHH:mm:ss';

interface NextSendsProps {
  repeat?: MailRepeat;
  /** The first send, a wall time in `timeZone` (the editor's picker value, or the saved mail's). */
  sendAt?: Dayjs | null;
  timeZone?: string;
  /** A paused mail sends nothing until it is recovered. */
  paused?: boolean;
}

/**
 * The next 5 send times of a repeat kind, first send and zone, in that zone: the server's preview
 * (`POST /cms/mail/preview`, the rule the schedule is built from). The editor shows it for what is being typed,
 * the mail's View for what was saved.
 */
export function NextSends({ repeat, sendAt, timeZone, paused = false }: NextSendsProps) {
  const t = useTranslate(['mail', 'resource']);
  const wall = sendAt ? sendAt.format(WALL) : null;
  const preview = useQuery({
    queryKey: ['mail', 'preview', repeat, wall, timeZone],
    queryFn: () => mailApi.preview({ repeat: repeat as MailRepeat, sendAt: wall, timeZone: timeZone as string }),
    enabled: !paused && Boolean(repeat && timeZone && (repeat === 'ONCE' || wall)),
  });
  return (
    <>
      <Typography.Title level={5}>{t('form.nextSends')}</Typography.Title>
      <List
        size="small"
        data-testid="mail-next-sends"
        dataSource={paused ? [] : (preview.data?.sends ?? [])}
        loading={preview.isFetching}
        locale={{ emptyText: t(paused ? 'form.pausedSends' : 'form.noSends') }}
        renderItem={(send) => <List.Item>{formatTime(send, timeZone)}</List.Item>}
      />
    </>
  );
}
