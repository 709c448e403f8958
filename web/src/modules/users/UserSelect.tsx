import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebounced } from './useDebounced';
import { userApi, userLabel, type UserBrief } from './api';
import { pickedIds } from './pickedIds';

interface UserSelectProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  label: string;
  multiple?: boolean;
  /** Users to offer besides the search results (the current members of a role). */
  known?: readonly UserBrief[];
}

/** A picker of enabled users, searched on the server by name, username or email as the user types. */
export function UserSelect({ value, onChange, id, label, multiple, known = [] }: UserSelectProps) {
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword, 300);
  const { data = [], isFetching } = useQuery({
    queryKey: ['user', 'options', debounced],
    queryFn: ({ signal }) => userApi.options(debounced, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const byId = new Map([...known, ...data].map((user) => [user.id, { value: user.id, label: userLabel(user) }]));
  const ids = pickedIds(value);
  return (
    <Select
      id={id}
      aria-label={label}
      placeholder={label}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={isFetching}
      value={multiple ? ids : ids[0]}
      onChange={(next) => onChange?.(next ?? (multiple ? [] : null))}
      options={[...byId.values()]}
      style={{ minWidth: 200, width: '100%' }}
      maxTagCount="responsive"
    />
  );
}
