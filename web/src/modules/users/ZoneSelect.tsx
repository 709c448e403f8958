import { TimeZoneSelect } from '../../components/resource';
import { useUserInfo } from '../../app/access/session';
import { useTranslate } from '../../i18n';

interface ZoneSelectProps {
  id?: string;
  label: string;
  value?: string | null;
  onChange?: (zone: string | undefined) => void;
}

/** A user's time zone; left empty, the user follows the default business calendar's zone (named in the box). */
export function ZoneSelect(props: ZoneSelectProps) {
  const t = useTranslate(['users']);
  const fallback = useUserInfo()?.defaultTimeZone;
  return <TimeZoneSelect {...props} placeholder={fallback ? t('timeZoneDefault', { zone: fallback }) : undefined} />;
}
