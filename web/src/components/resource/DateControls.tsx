import type { KeyboardEvent } from 'react';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslate } from '../../i18n';
import { rangePresets } from '../format/datePresets';
import { fromWall, toWall } from '../format/time';

const FORMAT = 'YYYY-MM-DD';

/**
 * A picker's `onKeyDown`: Enter takes the typed date or time (the picker does that itself) and does nothing more;
 * left alone, the browser also submits the form around it, which saves and leaves a whole page for one field.
 */
export function enterConfirmsOnly(event: KeyboardEvent) {
  if (event.key === 'Enter') event.preventDefault();
}

/**
 * A date range filter with the presets of SPEC §9, in the user's zone; its value is two `YYYY-MM-DD` days
 * of that zone, or with `withTime` two instants written with the zone's offset.
 */
export function DateRangeFilter({ value, onChange, withTime }: { value?: string[]; onChange?: (value: string[] | undefined) => void; withTime?: boolean }) {
  const t = useTranslate(['resource']);
  const range = value?.length === 2 ? ([shown(value[0]!, withTime), shown(value[1]!, withTime)] as [Dayjs, Dayjs]) : null;
  return (
    <DatePicker.RangePicker
      value={range}
      presets={rangePresets((preset) => t(`datePresets.${preset}`))}
      showTime={withTime}
      onChange={(dates) => {
        if (!dates?.[0] || !dates[1]) return onChange?.(undefined);
        onChange?.(withTime ? [fromWall(dates[0]).format(), fromWall(dates[1]).format()] : [dates[0].format(FORMAT), dates[1].format(FORMAT)]);
      }}
    />
  );
}

/** What a picker shows for a value: a day as it is, an instant on the user's zone's clock. */
const shown = (value: string, withTime: boolean | undefined) => (withTime ? toWall(value) : dayjs(value));

/** A date field; its value is a `YYYY-MM-DD` string (or, with `withTime`, an instant picked on the user's zone's clock). */
export function DateField({ value, onChange, withTime }: { value?: string; onChange?: (value: string | undefined) => void; withTime?: boolean }) {
  return (
    <DatePicker
      value={value ? shown(value, withTime) : null}
      showTime={withTime}
      style={{ width: '100%' }}
      onKeyDown={enterConfirmsOnly}
      onChange={(date) => onChange?.(date ? (withTime ? fromWall(date).format() : date.format(FORMAT)) : undefined)}
    />
  );
}
