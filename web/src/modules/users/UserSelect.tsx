import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { referenceQuery } from '../../api/referenceQuery';
import { useDebounced } from './useDebounced';
import { userApi, userLabel, type UserBrief } from './api';
import { pickedIds, pickerProps } from './pickedIds';

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
    ...referenceQuery(['user', 'options', debounced], '/cms/user/options', {
      params: { query: { keyword: debounced.trim() || undefined } },
      staleTime: 30_000,
    }),
    placeholderData: keepPreviousData,
  });
  const offered = [...known, ...data];
  // A picked user the search has not brought (beyond its first 50, or disabled since) is named, not shown as an id.
  const unnamed = pickedIds(value).filter((picked) => !offered.some((user) => user.id === picked));
  const { data: picked = [] } = useQuery({
    queryKey: ['user', 'options', 'picked', unnamed],
    queryFn: ({ signal }) => userApi.picked(unnamed, signal),
    enabled: unnamed.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const byId = new Map([...offered, ...picked].map((user) => [user.id, { value: user.id, label: userLabel(user) }]));
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
