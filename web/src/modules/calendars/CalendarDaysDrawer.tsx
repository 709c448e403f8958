import { useMemo, useState } from 'react';
import { Alert, Drawer, Flex } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslate } from '../../i18n';
import { useCan } from '../../app/access/can';
import { toast } from '../../components/feedback';
import { dayApi, type BusinessCalendar } from './api';
import { byDate, DAY_FORMAT } from './days';
import { DayEditor } from './DayEditor';
import { DayList } from './DayList';
import { MonthView } from './MonthView';

/** One calendar's holidays and make-up working days: a month to click in, and the year's list. */
export function CalendarDaysDrawer({ calendar, onClose }: { calendar: BusinessCalendar; onClose: () => void }) {
  const t = useTranslate(['calendars', 'resource']);
  const can = useCan();
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const [editing, setEditing] = useState<Dayjs>();
  const year = month.year();
  const queryKey = ['ticket-calendar-day', calendar.id, year];
  const days = useQuery({ queryKey, queryFn: ({ signal }) => dayApi.ofYear(calendar.id, year, signal) });
  const items = useMemo(() => days.data?.items ?? [], [days.data]);
  const marked = useMemo(() => byDate(items), [items]);
  // Marking a day needs add and edit; unmarking needs delete (the server checks the same buttons).
  const canMark = can('calendar#add') && can('calendar#edit');
  const reload = () => queryClient.invalidateQueries({ queryKey: ['ticket-calendar-day', calendar.id] });

  return (
    <Drawer open size="large" onClose={onClose} title={t('daysTitle', { name: calendar.name, code: calendar.code, zone: calendar.timeZone })} data-testid="calendar-days-drawer">
      <Flex vertical gap={12}>
        <Alert type="info" showIcon title={t('daysHint')} />
        <MonthView month={month} marked={marked} onMonth={(next) => setMonth(next.startOf('month'))} onPick={(date) => canMark && setEditing(date)} />
        <DayList
          year={year}
          days={items}
          loading={days.isFetching}
          canEdit={canMark}
          canDelete={can('calendar#delete')}
          onEdit={(date) => {
            setMonth(date.startOf('month'));
            setEditing(date);
          }}
          onRemove={async (day) => {
            await dayApi.remove(day.id);
            toast.success(t('resource.deleted'));
            await reload();
          }}
        />
      </Flex>
      {editing && (
        <DayEditor
          calendarId={calendar.id}
          date={editing}
          current={marked.get(editing.format(DAY_FORMAT))}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void reload();
          }}
        />
      )}
    </Drawer>
  );
}
