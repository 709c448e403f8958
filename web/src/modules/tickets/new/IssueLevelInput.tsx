import { Select } from 'antd';
import { useEnumOptions, type InputProps } from '../../../components/resource';
import { ISSUE_LEVEL_CODES } from '../api';

/** Issue levels with the priority each stands for: "Critical (P0)" ... "Low (P4)" (SPEC §4). */
export function IssueLevelInput({ id, label, value, onChange }: InputProps) {
  const levels = useEnumOptions('TicketIssueLevel');
  const options = levels.map((level) => ({
    value: level.value,
    label: `${level.label} (${ISSUE_LEVEL_CODES[level.value as keyof typeof ISSUE_LEVEL_CODES] ?? level.value})`,
  }));
  return (
    <Select
      id={id}
      aria-label={label}
      placeholder={label}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value as string | undefined}
      onChange={onChange}
      options={options.reverse()}
    />
  );
}
