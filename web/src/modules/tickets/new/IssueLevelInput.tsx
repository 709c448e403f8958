import { Select } from 'antd';
import { useEnumOptions, type InputProps } from '../../../components/resource';
import { labelled, SEARCH_BY_LABEL } from '../../../components/resource/labelled';
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
      {...labelled({ id, label })}
      showSearch={SEARCH_BY_LABEL}
      value={value as string | undefined}
      onChange={onChange}
      options={options.reverse()}
    />
  );
}
