/**
 * What every select or text control of a form or search form shares: the Form.Item's id, named by its label
 * (read by screen readers, and shown as the placeholder), and clearable.
 */
export function labelled({ id, label }: { id?: string; label: string }) {
  return { id, 'aria-label': label, placeholder: label, allowClear: true } as const;
}

/** A select whose options are typed to: matched against what they show, not their values. */
export const SEARCH_BY_LABEL = { optionFilterProp: 'label' } as const;
