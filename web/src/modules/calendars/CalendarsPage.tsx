import { useMemo, useState } from 'react';
import { ResourcePage, type Resource } from '../../components/resource';
import type { BusinessCalendar } from './api';
import { CalendarDaysDrawer } from './CalendarDaysDrawer';
import calendars from './resource';

/** Business calendars on the resource kit, and each one's holidays and make-up working days. */
export default function CalendarsPage() {
  const [open, setOpen] = useState<BusinessCalendar>();
  const resource: Resource<BusinessCalendar> = useMemo(
    () => ({ ...calendars, rowActions: [{ key: 'days', label: 'days', run: (calendar: BusinessCalendar) => setOpen(calendar) }] }),
    [],
  );
  return (
    <>
      <ResourcePage resource={resource} />
      {open && <CalendarDaysDrawer calendar={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
