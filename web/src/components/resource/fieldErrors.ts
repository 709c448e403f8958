import { isApiError } from '../../api/ApiError';
import { notifyFailure } from '../../api/notifier';

export interface FieldError {
  field: string;
  rule?: string;
  message: string;
}

/**
 * The field errors of a refused call: `data.errors` of a 422 reply (validation, an import's rows),
 * or the one field a refusal names (`data.field`, e.g. a duplicate name).
 */
export function errorsOf(error: unknown): FieldError[] {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return [];
  const data = error.data as { errors?: unknown; field?: unknown } | null;
  const list = data?.errors;
  if (!Array.isArray(list)) {
    return typeof data?.field === 'string' ? [{ field: data.field, rule: error.code, message: error.message }] : [];
  }
  return list.filter((item): item is FieldError => typeof item?.message === 'string' && typeof item?.field === 'string');
}

/** The field of the form a server error names (`name`, `body.name`, `items[0].name` -> `name` when it is a field). */
function formFieldOf(field: string, fields: ReadonlySet<string>): string | undefined {
  if (fields.has(field)) return field;
  const leaf = field.replace(/^body\./, '').split('.')[0]!.replace(/\[\d+\]$/, '');
  return fields.has(leaf) ? leaf : undefined;
}

/**
 * Server validation errors (422 `data.errors`) placed on the form's fields; the errors that name no
 * field of the form are returned apart, to be shown as a notification.
 */
export function splitFieldErrors(error: unknown, formFields: readonly string[]) {
  const fields = new Set(formFields);
  const onFields = new Map<string, string[]>();
  const elsewhere: FieldError[] = [];
  for (const item of errorsOf(error)) {
    const name = formFieldOf(item.field, fields);
    if (name) onFields.set(name, [...(onFields.get(name) ?? []), item.message]);
    else elsewhere.push(item);
  }
  return { fields: [...onFields].map(([name, errors]) => ({ name, errors })), elsewhere };
}

/**
 * A refused save of a form: the server's field errors shown on the fields, the rest (or a refusal
 * naming no field) as the usual error notification.
 */
export function showFieldErrors(form: { setFields: (fields: { name: string; errors: string[] }[]) => void }, error: unknown, formFields: readonly string[]): void {
  const { fields, elsewhere } = splitFieldErrors(error, formFields);
  form.setFields(fields);
  if (isApiError(error) && (!fields.length || elsewhere.length)) notifyFailure(error);
}
