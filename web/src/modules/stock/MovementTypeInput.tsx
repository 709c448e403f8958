import { useMemo } from 'react';
import { Select } from 'antd';
import { useEnumOptions, type InputProps } from '../../components/resource';
import { labelled, SEARCH_BY_LABEL } from '../../components/resource/labelled';

/** The steps of inbound and outbound orders, made by the orders themselves; the server refuses them here
 * (domain/rules/stock.ORDER_STEPS). */
const ORDER_STEPS = new Set(['plan_inbound', 'receive_inbound', 'cancel_inbound', 'lock_outbound', 'release_outbound',
  'package_outbound']);

/** The movement types a user may book by hand. */
export function MovementTypeInput({ id, label, value, onChange }: InputProps) {
  const all = useEnumOptions('StockMovementType');
  const types = useMemo(() => all.filter((option) => !ORDER_STEPS.has(String(option.value))), [all]);
  return <Select {...labelled({ id, label })} value={value as string | undefined} onChange={onChange} options={types} showSearch={SEARCH_BY_LABEL} />;
}
