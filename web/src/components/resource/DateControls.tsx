import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslate } from '../../i18n';
import { rangePresets } from '../format/datePresets';

const FORMAT = 'YYYY-MM-DD';

/** A date range filter with the presets of SPEC §9; its value is two `YYYY-MM-DD` strings. */
export function DateRangeFilter({ value, onChange, withTime }: { value?: string[]; onChange?: (value: string[] | undefined) => void; withTime?: boolean }) {
  const t = useTranslate(['resource']);
  const range = value?.length === 2 ? ([dayjs(value[0]), dayjs(value[1])] as [Dayjs, Dayjs]) : null;
  return (
    <DatePicker.RangePicker
      value={range}
      presets={rangePresets((preset) => t(`datePresets.${preset}`))}
      showTime={withTime}
      onChange={(dates) => {
        if (!dates?.[0] || !dates[1]) return onChange?.(undefined);
        onChange?.(withTime ? [dates[0].toISOString(), dates[1].toISOString()] : [dates[0].format(FORMAT), dates[1].format(FORMAT)]);
      }}
    />
  );
}

/** A date field; its value is a `YYYY-MM-DD` string (or an ISO time with `withTime`). */
export function DateField({ value, onChange, withTime }: { value?: string; onChange?: (value: string | undefined) => void; withTime?: boolean }) {
  return (
    <DatePicker
      value={value ? dayjs(value) : null}
      showTime={withTime}
      style={{ width: '100%' }}
      onChange={(date) => onChange?.(date ? (withTime ? date.toISOString() : date.format(FORMAT)) : undefined)}
    />
  );
}
