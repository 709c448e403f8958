import { Flex, Segmented, Select } from 'antd';
import { useTranslate } from '../../i18n';
import { DateRangeFilter } from '../../components/resource/DateControls';
import { PRESETS, type DashboardFilters, type Preset } from './query';

/** Presets (SPEC §9), or a range of days, and the categories to look at (those of the period offered, any typed). */
export function DashboardToolbar({ filters, known, onChange }: { filters: DashboardFilters; known: readonly string[]; onChange: (next: DashboardFilters) => void }) {
  const t = useTranslate(['ticket-reports', 'resource']);
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
        mode="tags"
        aria-label={t('category')}
        placeholder={t('allCategories')}
        value={filters.category}
        onChange={(category: string[]) => onChange({ ...filters, category })}
        style={{ minWidth: 220 }}
        maxTagCount="responsive"
        allowClear
        options={[...new Set([...known, ...filters.category])].map((category) => ({ value: category, label: category }))}
      />
    </Flex>
  );
}
