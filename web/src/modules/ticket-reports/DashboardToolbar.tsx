import { Flex, Segmented, Select } from 'antd';
import { useTranslate } from '../../i18n';
import { DateRangeFilter } from '../../components/resource/DateControls';
import { listName, useListOptions } from '../tickets/listOptions';
import { PRESETS, type DashboardFilters, type Preset } from './query';

/** Presets (SPEC §9), or a range of days, and the categories to look at (the managed list, named in the user's language). */
export function DashboardToolbar({ filters, known, onChange }: { filters: DashboardFilters; known: readonly string[]; onChange: (next: DashboardFilters) => void }) {
  const t = useTranslate(['ticket-reports', 'resource']);
  const categories = useListOptions('category');
  return (
    <Flex gap={12} wrap align="center" data-testid="ticket-report-filters">
      <Segmented<Preset | 'RANGE'>
        aria-label={t('period')}
        value={filters.preset ?? 'RANGE'}
        options={[
          ...PRESETS.map((preset) => ({ value: preset, label: t(`datePresets.${preset.toLowerCase()}`) })),
          { value: 'RANGE', label: t('customRange'), disabled: !filters.range },
        ]}
        onChange={(value) => value !== 'RANGE' && onChange({ preset: value, category: filters.category })}
      />
      <DateRangeFilter
        value={filters.range}
        onChange={(range) => onChange(range ? { range: [range[0]!, range[1]!], category: filters.category } : { category: filters.category })}
      />
      <Select
        mode="multiple"
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('category')}
        placeholder={t('allCategories')}
        value={filters.category}
        onChange={(category: string[]) => onChange({ ...filters, category })}
        style={{ minWidth: 220 }}
        maxTagCount="responsive"
        allowClear
        options={[...new Set([...categories.map((option) => option.code), ...known, ...filters.category])].map((category) => ({ value: category, label: listName(categories, category) }))}
      />
    </Flex>
  );
}
