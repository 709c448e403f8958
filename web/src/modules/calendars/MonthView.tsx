import { Calendar, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslate } from '../../i18n';
import type { CalendarDay } from './api';
import { DAY_FORMAT, isWorkingDay } from './days';

const COLOUR = { HOLIDAY: 'red', WORKDAY: 'blue' } as const;

/** A month of the calendar with its holidays and make-up working days marked; clicking a day edits it. */
export function MonthView({ month, marked, onMonth, onPick }: {
  month: Dayjs;
  marked: ReadonlyMap<string, CalendarDay>;
  onMonth: (month: Dayjs) => void;
  onPick: (date: Dayjs) => void;
}) {
  const t = useTranslate(['calendars']);
  return (
    <Calendar
      value={month}
      onPanelChange={(date) => onMonth(date)}
      onSelect={(date, { source }) => {
        // A day of the next or previous month shown at the edges first turns the page to its month.
        if (source === 'date' && date.isSame(month, 'month')) onPick(date);
        else onMonth(date);
      }}
      cellRender={(date, info) => {
        if (info.type !== 'date') return info.originNode;
        const day = marked.get(date.format(DAY_FORMAT));
        if (!day) return isWorkingDay(date, day) ? null : <Typography.Text type="secondary">{t('restDay')}</Typography.Text>;
        return (
          <Tag color={COLOUR[day.kind]} style={{ whiteSpace: 'normal' }} data-testid={`mark-${day.day}`}>
            {day.name || t(`kinds.${day.kind}`)}
          </Tag>
        );
      }}
    />
  );
}
