import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { labelled } from '../../../components/resource/labelled';
import { useDebounced } from '../../users/useDebounced';
import { ticketDetailApi } from './api';

/** Picks an open ticket other than `exclude`, searched on the server by `#id`, id or title as the user types. */
export function TicketSearchSelect({ id, label, value, onChange, exclude }: {
  id?: string;
  label: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  exclude: number;
}) {
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword.trim(), 300);
  const { data, isFetching } = useQuery({
    queryKey: ['ticket', 'search', 'merge-target', debounced],
    queryFn: ({ signal }) => ticketDetailApi.openTickets(debounced, signal),
    enabled: debounced !== '',
    placeholderData: keepPreviousData,
  });
  const options = (debounced ? (data?.items ?? []) : [])
    .filter((ticket) => ticket.id !== exclude)
    .map((ticket) => ({ value: ticket.id, label: `#${ticket.id} ${ticket.title}` }));
  return (
    <Select
      {...labelled({ id, label })}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={isFetching}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      options={options}
      notFoundContent={null}
      style={{ width: '100%' }}
      data-testid="merge-target"
    />
  );
}
