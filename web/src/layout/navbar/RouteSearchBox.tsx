import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { searchableEntries } from '../../app/menuEntries';
import { useRoutedEntries } from '../useMenuEntries';
import { routeOptions, routeSearcher } from './routeSearch';

/** The route search field: fuzzy over the translated titles of visible screens only. */
export default function RouteSearchBox({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const entries = useRoutedEntries();
  const search = useMemo(
    () => routeSearcher(routeOptions(searchableEntries(entries), i18n.language)),
    [entries, i18n.language],
  );
  const [query, setQuery] = useState('');
  const found = search(query);
  return (
    <Select
      autoFocus
      defaultOpen
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      value={null}
      placeholder={t('shell.searchPlaceholder')}
      aria-label={t('shell.search')}
      style={{ width: 240 }}
      popupMatchSelectWidth={360}
      notFoundContent={query ? t('shell.searchNothing') : null}
      options={found.map((option) => ({ value: option.path, label: option.label }))}
      onSelect={(path) => {
        if (path) navigate(path);
        onDone();
      }}
      onBlur={onDone}
    />
  );
}
