import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebounced } from './useDebounced';
import { userApi, userLabel, type UserBrief } from './api';
import { pickerProps } from './pickedIds';

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
  return (
    <Select
      {...pickerProps({ id, label, value, onChange, multiple })}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={isFetching}
      options={[...byId.values()]}
      maxTagCount="responsive"
    />
  );
}
