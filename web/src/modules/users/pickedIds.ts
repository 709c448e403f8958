/** A picker's value as ids: filters arrive from the address as text, forms hold numbers; empty means none. */
export function pickedIds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item) => item !== undefined && item !== null && item !== '').map(Number);
}

export const pickedId = (value: unknown): number | undefined => pickedIds(value)[0];
