import { describe, expect, it } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import type { Column } from './types';
import { fieldRules, formPayload, PATTERNS } from './formRules';
import { splitFieldErrors } from './fieldErrors';
import { ApiError } from '../../api/ApiError';

const t = (key: string, options?: Record<string, unknown>) => `${key}${options ? ` ${JSON.stringify(options)}` : ''}`;
const name: Column = { key: 'name', title: 'name', form: { required: true, max: 30, pattern: 'letters' } };
const count: Column = { key: 'count', title: 'count', type: 'number', form: { required: true, min: -1, max: 1000 } };

async function check(rules: ReturnType<typeof fieldRules>, value: unknown): Promise<string[]> {
  const problems: string[] = [];
  for (const rule of rules as RuleObject[]) {
    if (rule.validator) {
      await Promise.resolve(rule.validator(rule, value, () => undefined)).catch((e: Error) => problems.push(e.message));
      continue;
    }
    const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (rule.required && empty) problems.push(String(rule.message));
    if (typeof value === 'string' && rule.max !== undefined && value.length > rule.max) problems.push(String(rule.message));
    if (typeof value === 'number' && rule.max !== undefined && value > rule.max) problems.push(String(rule.message));
    if (typeof value === 'number' && rule.min !== undefined && value < rule.min) problems.push(String(rule.message));
    if (Array.isArray(value) && rule.type === 'array' && rule.max !== undefined && value.length > rule.max) problems.push(String(rule.message));
  }
  return problems;
}

describe('form rules mirror the server (SPEC §5 Courier: "name required, at most 30, letters only")', () => {
  it('requires the name, with a message naming the field', async () => {
    expect(await check(fieldRules(name, 'Name', t), '  ')).toEqual(['validation.required {"field":"Name"}']);
  });

  it('counts rich text as the reader sees it (SPEC §9 notice text 300) and takes markup without text as empty', async () => {
    const text: Column = { key: 'text', title: 'text', type: 'html', form: { required: true, max: 300 } };
    const linked = `<p><a href="https://help.example.com/a">${'x'.repeat(300)}</a></p>`;
    expect(await check(fieldRules(text, 'Text', t), linked)).toEqual([]);
    expect(await check(fieldRules(text, 'Text', t), `<p>${'x'.repeat(301)}</p>`)).toEqual(['validation.maxVisible {"field":"Text","max":300}']);
    expect(await check(fieldRules(text, 'Text', t), '<p> </p>')).toEqual(['validation.required {"field":"Text"}']);
  });

  it('counts the picks of a multi-value enum, not characters (SPEC §5: at most 5 pages selectable for a tip)', async () => {
    const pages: Column = { key: 'pages', title: 'pages', type: 'enum', form: { required: true, multiple: true, max: 5 } };
    expect(await check(fieldRules(pages, 'Pages', t), ['PROMOTION', 'REPORTS'])).toEqual([]);
    expect(await check(fieldRules(pages, 'Pages', t), ['A', 'B', 'C', 'D', 'E', 'F'])).toEqual(['validation.maxItems {"field":"Pages","max":5}']);
    expect(await check(fieldRules(pages, 'Pages', t), [])).toEqual(['validation.required {"field":"Pages"}']);
  });

  it('allows at most 30 characters', async () => {
    expect(await check(fieldRules(name, 'Name', t), 'A'.repeat(31))).toEqual(['validation.maxLength {"field":"Name","max":30}']);
    expect(await check(fieldRules(name, 'Name', t), 'A'.repeat(30))).toEqual([]);
  });

  it('accepts letters of any script and "&" with single spaces, refuses digits and other symbols', async () => {
    expect(await check(fieldRules(name, 'Name', t), 'Ninja Van')).toEqual([]);
    expect(await check(fieldRules(name, 'Name', t), '顺丰')).toEqual([]);
    expect(await check(fieldRules(name, 'Name', t), 'JNE1')).toEqual(['validation.letters {"field":"Name"}']);
    expect(await check(fieldRules(name, 'Name', t), 'J&T Express')).toEqual([]);
    expect(PATTERNS.letters.test('J & T')).toBe(true);
    expect(PATTERNS.letters.test('&')).toBe(false);
    expect(PATTERNS.letters.test('J+T')).toBe(false);
    expect(PATTERNS.letters.test('Ninja  Van')).toBe(false);
  });

  it('checks numbers by value', async () => {
    expect(await check(fieldRules(count, 'Stores', t), 1001)).toEqual(['validation.max {"field":"Stores","max":1000}']);
    expect(await check(fieldRules(count, 'Stores', t), -1)).toEqual([]);
  });

  it('takes any number as given, 0 included, and requires one', async () => {
    expect(await check(fieldRules(count, 'Stores', t), 0)).toEqual([]);
    expect(await check(fieldRules(count, 'Stores', t), undefined)).toEqual(['validation.required {"field":"Stores"}']);
  });

  it('requires at least one pick of a required list', async () => {
    const roles: Column = { key: 'roleIds', title: 'roles', form: { required: true, input: () => null } };
    expect(await check(fieldRules(roles, 'Roles', t), [])).toEqual(['validation.required {"field":"Roles"}']);
    expect(await check(fieldRules(roles, 'Roles', t), [3])).toEqual([]);
  });

  it('knows the other shared patterns', () => {
    expect(PATTERNS.code.test('RCPT_01-A 9')).toBe(true);
    expect(PATTERNS.code.test('RCPT#1')).toBe(false);
    expect(PATTERNS.url.test('https://cdn.ginee.com/jne.png')).toBe(true);
    expect(PATTERNS.url.test('cdn.ginee.com')).toBe(false);
  });
});

describe('form payloads', () => {
  const columns: Column[] = [name, { key: 'logoUrl', title: 'logo', form: {} }, { key: 'country', title: 'country', form: { createOnly: true } }];

  it('trims text and leaves blank optional fields out of a new record', () => {
    expect(formPayload({ name: ' JNE ', logoUrl: '', country: 'ID' }, columns, 'create')).toEqual({ name: 'JNE', country: 'ID' });
  });

  it('clears blank fields of an edited record and never sends create-only fields', () => {
    expect(formPayload({ name: 'JNE', logoUrl: ' ', country: 'ID' }, columns, 'edit')).toEqual({ name: 'JNE', logoUrl: null });
  });

  it('sends a fixed field when creating and never when editing', () => {
    const fixed: Column[] = [name, { key: 'identifier', title: 'identifier', form: { fixed: true } }];
    expect(formPayload({ name: 'JNE', identifier: 'jne' }, fixed, 'create')).toEqual({ name: 'JNE', identifier: 'jne' });
    expect(formPayload({ name: 'JNE', identifier: 'jne' }, fixed, 'edit')).toEqual({ name: 'JNE' });
  });
});

describe('server field errors (422 data.errors) on the form', () => {
  const error = new ApiError({
    code: 'VALIDATION_FAILED', message: 'bad', transactionId: 'tx', status: 422, path: '/cms/courier/add',
    data: { errors: [
      { field: 'name', rule: 'letters_only', message: 'Name: letters only' },
      { field: 'body.shippingMethod', rule: 'required', message: 'Shipping method: required' },
      { field: 'country', rule: 'max_length', message: 'Country: too long' },
    ] },
  });

  it('puts each error on its field and keeps the others apart', () => {
    const { fields, elsewhere } = splitFieldErrors(error, ['name', 'shippingMethod']);
    expect(fields).toEqual([
      { name: 'name', errors: ['Name: letters only'] },
      { name: 'shippingMethod', errors: ['Shipping method: required'] },
    ]);
    expect(elsewhere.map((e) => e.field)).toEqual(['country']);
  });

  it('puts a refusal naming one field (a duplicate) on that field', () => {
    const duplicate = new ApiError({
      code: 'DUPLICATE', message: 'Name JNE already exists', transactionId: 'tx', status: 409, path: '/cms/courier/add',
      data: { field: 'name' },
    });
    expect(splitFieldErrors(duplicate, ['name']).fields).toEqual([{ name: 'name', errors: ['Name JNE already exists'] }]);
  });

  it('ignores anything that is not a validation reply', () => {
    expect(splitFieldErrors(new Error('x'), ['name'])).toEqual({ fields: [], elsewhere: [] });
  });
});
