import type { FormInstance } from 'antd';
import { ApiError, isApiError } from '../../api/ApiError';
import { notifyFailure } from '../../api/notifier';

export interface FieldError {
  field: string;
  rule?: string;
  message: string;
}

export type NamePath = (string | number)[];

/** How a form brings its first error into view: to the middle of the dialog or page, the field focused. */
export const SCROLL_TO_ERROR = { block: 'center', focus: true } as const;

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

/** `body.countries[1].amount` -> `['countries', 1, 'amount']`: where a refusal sits in a form, lists included. */
export function namePathOf(field: string): NamePath {
  return field.replace(/^body\./, '').split('.').flatMap((part) => {
    const match = /^([^[\]]+)((?:\[\d+\])+)$/.exec(part);
    if (!match) return [part];
    return [match[1]!, ...[...match[2]!.matchAll(/\[(\d+)\]/g)].map((index) => Number(index[1]))];
  });
}

const same = (a: NamePath, b: NamePath) => a.length === b.length && a.every((part, i) => String(part) === String(b[i]));

/**
 * The field of the form a server error names: the longest of the form's fields its path starts with, else the
 * one field of the form ending in the same name (a form that edits one block of a list: `amount` on `countries.0.amount`).
 */
function formFieldOf(field: string, fields: readonly NamePath[]): NamePath | undefined {
  const path = namePathOf(field);
  for (let length = path.length; length > 0; length -= 1) {
    const head = path.slice(0, length);
    const found = fields.find((name) => same(name, head));
    if (found) return found;
  }
  const leaf = String(path[path.length - 1]);
  const ending = fields.filter((name) => name.length > 1 && String(name[name.length - 1]) === leaf);
  return ending.length === 1 ? ending[0] : undefined;
}

/**
 * Server validation errors (422 `data.errors`) placed on the form's fields, every one of them; the errors
 * that name no field of the form are returned apart, to be shown as a notification.
 */
export function splitFieldErrors(error: unknown, formFields: readonly (string | NamePath)[]) {
  const fields = formFields.map((name) => (Array.isArray(name) ? name : [name]));
  const onFields: { name: NamePath; errors: string[] }[] = [];
  const elsewhere: FieldError[] = [];
  for (const item of errorsOf(error)) {
    const name = formFieldOf(item.field, fields);
    const placed = name && onFields.find((entry) => same(entry.name, name));
    if (placed) placed.errors.push(item.message);
    else if (name) onFields.push({ name, errors: [item.message] });
    else elsewhere.push(item);
  }
  const plain = (name: NamePath) => (name.length === 1 && typeof name[0] === 'string' ? name[0] : name);
  return { fields: onFields.map(({ name, errors }) => ({ name: plain(name), errors })), elsewhere };
}

/** The fields a form has now (Form.Item with a name, list items included), as name paths. */
export function fieldsOf(form: Pick<FormInstance, 'getFieldsValue'>): NamePath[] {
  const names: NamePath[] = [];
  form.getFieldsValue(true, (meta) => {
    if (meta?.name?.length) names.push(meta.name);
    return false;
  });
  return names;
}

type ErrorForm = Pick<FormInstance, 'setFields' | 'scrollToField' | 'getFieldsValue'>;

/**
 * A refused save of a form: every server field error shown on its field and the first brought into view
 * (a long dialog or page never seems to do nothing); the errors naming no field of the form, or a refusal
 * naming none, as the usual error notification listing what they say. `formFields` defaults to the fields
 * the form has. Returns whether any error landed on a field.
 */
export function showFieldErrors(form: ErrorForm, error: unknown, formFields?: readonly (string | NamePath)[]): boolean {
  const { fields, elsewhere } = splitFieldErrors(error, formFields ?? fieldsOf(form));
  form.setFields(fields);
  if (fields.length) form.scrollToField(fields[0]!.name, SCROLL_TO_ERROR);
  if (!isApiError(error)) return fields.length > 0;
  if (!fields.length) notifyFailure(error);
  else if (elsewhere.length) notifyFailure(new ApiError({ code: error.code, status: error.status, data: error.data,
    path: error.path, transactionId: error.transactionId, message: elsewhere.map((item) => item.message).join('; ') }));
  return fields.length > 0;
}
