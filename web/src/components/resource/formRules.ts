import type { Rule } from 'antd/es/form';
import type { Translate } from '../../i18n';
import type { Column, NamedPattern, Row } from './types';
import { isEmpty } from './listState';
import { visibleLength, visibleText } from '../richText/visibleText';

/** The same patterns the server checks (domain rules), tested against the trimmed value. */
export const PATTERNS: Record<NamedPattern, RegExp> = {
  // Letters of any script and "&" (domain/rules/couriers.py): single spaces between words ("J&T Express"), at
  // least one letter, no digits or other symbols.
  letters: /^(?=.*\p{L})[\p{L}&]+( [\p{L}&]+)*$/u,
  digits: /^\d+$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  url: /^https?:\/\/[^\s/$.?#][^\s]*$/i,
  // Receipt numbers and codes: letters, digits, underscore, hyphen and space.
  code: /^[A-Za-z0-9_\- ]+$/,
};

/**
 * A hand-built form's required field, its message naming the field as the kit's forms do ("SKU 2: this field is
 * required"): text of spaces alone is no value, a number or a pick is one. `t` reads the `resource` namespace.
 */
export function requiredOf(label: string, t: Translate): Rule[] {
  const message = t('validation.required', { field: label });
  return [{
    required: true,
    validator: async (_, value: unknown) => {
      if (isEmpty(value)) throw new Error(message);
    },
  }];
}

const isNumeric = (column: Column<Row>) => column.type === 'number' || column.type === 'currency';

/**
 * Text is there when it holds more than spaces; a number, a pick or a list of picks when it is there
 * at all (antd's plain required rule takes any value for text, and says "required" for a number).
 */
function requiredRule(column: Column<Row>, message: string): Rule {
  if (column.type === 'html') {
    return {
      required: true,
      validator: async (_, value: unknown) => {
        if (!visibleText(typeof value === 'string' ? value : '').trim()) throw new Error(message);
      },
    };
  }
  const text = !column.form?.input && (column.type === undefined || column.type === 'text' || column.type === 'url');
  if (text) return { required: true, whitespace: true, message };
  return {
    required: true,
    validator: async (_, value: unknown) => {
      if (isEmpty(value)) throw new Error(message);
    },
  };
}

/** Form rules mirroring the server's (SPEC §5), with messages naming the field and the rule. */
export function fieldRules(column: Column<Row>, label: string, t: Translate): Rule[] {
  const rules = column.form;
  if (!rules) return [];
  const list: Rule[] = [];
  if (rules.required) list.push(requiredRule(column, t('validation.required', { field: label })));
  const check = rules.check;
  if (check) {
    list.push({
      validator: async (_, value: unknown) => {
        const problem = value === undefined || value === null || value === '' ? undefined : check(value, label, t);
        if (problem) throw new Error(problem);
      },
    });
  }
  if (isNumeric(column)) {
    if (rules.min !== undefined) list.push({ type: 'number', min: rules.min, message: t('validation.min', { field: label, min: rules.min }) });
    if (rules.max !== undefined) list.push({ type: 'number', max: rules.max, message: t('validation.max', { field: label, max: rules.max }) });
    return list;
  }
  if (column.type === 'html') {
    const max = rules.max;
    if (max !== undefined) {
      list.push({
        validator: async (_, value: unknown) => {
          if (visibleLength(typeof value === 'string' ? value : '') > max) throw new Error(t('validation.maxVisible', { field: label, max }));
        },
      });
    }
    return list;
  }
  if (rules.multiple) {
    if (rules.max !== undefined) list.push({ type: 'array', max: rules.max, message: t('validation.maxItems', { field: label, max: rules.max }) });
    return list;
  }
  if (rules.min !== undefined) list.push({ min: rules.min, message: t('validation.minLength', { field: label, min: rules.min }) });
  if (rules.max !== undefined) list.push({ max: rules.max, message: t('validation.maxLength', { field: label, max: rules.max }) });
  const pattern = rules.pattern;
  if (pattern) {
    list.push({
      validator: async (_, value: unknown) => {
        const text = typeof value === 'string' ? value.trim() : '';
        if (text && !PATTERNS[pattern].test(text)) throw new Error(t(`validation.${pattern}`, { field: label }));
      },
    });
  }
  return list;
}

/** The form's values as the API wants them: text trimmed, blank optional fields cleared (null) or left out. */
export function formPayload(values: Record<string, unknown>, columns: readonly Column<Row>[], mode: 'create' | 'edit'): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const column of columns) {
    if (!column.form || (mode === 'edit' && (column.form.createOnly || column.form.fixed)) || !(column.key in values)) continue;
    const raw = values[column.key];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === '' || value === undefined || value === null) {
      if (mode === 'edit') payload[column.key] = null;
      continue;
    }
    payload[column.key] = value;
  }
  return payload;
}
