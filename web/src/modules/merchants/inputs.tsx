import { InputNumber, Select, Space } from 'antd';
import type { InputProps } from '../../components/resource';
import { labelled } from '../../components/resource/labelled';

const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value ? [String(value)] : []);

/** Tags typed in (any of them matches, SPEC §3 tags); values from the address arrive as text. */
export function TagsInput({ id, label, value, onChange }: InputProps) {
  return (
    <Select
      {...labelled({ id, label })}
      mode="tags"
      value={listOf(value)}
      onChange={(next: string[]) => onChange?.(next.length ? next : undefined)}
      tokenSeparators={[',', ' ']}
      maxCount={20}
      open={false}
      style={{ minWidth: 160 }}
    />
  );
}

/**
 * A from-to range of counts as the server's range filters take it: `[min]` or `[min, max]`, an open start being 0
 * (counts are never negative), so the address holds only numbers and reads back the same range.
 */
export function CountRangeInput({ id, label, value, onChange }: InputProps) {
  const [low, high] = (Array.isArray(value) ? value : []).map((v) => (v === null || v === '' ? undefined : Number(v)));
  const change = ([from, to]: [number | undefined, number | undefined]) =>
    onChange?.(from === undefined && to === undefined ? undefined : to === undefined ? [from ?? 0] : [from ?? 0, to]);
  return (
    <Space.Compact>
      <InputNumber id={id} aria-label={`${label} ≥`} placeholder={`${label} ≥`} min={0} precision={0} value={low}
        onChange={(v) => change([v ?? undefined, high])} />
      <InputNumber aria-label={`${label} ≤`} placeholder="≤" min={0} precision={0} value={high}
        onChange={(v) => change([low, v ?? undefined])} />
    </Space.Compact>
  );
}
