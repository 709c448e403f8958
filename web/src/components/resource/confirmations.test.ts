import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isDestructive, keyWords } from './destructive';
import type { BatchAction, Resource, Row, RowAction } from './types';

/**
 * Nothing destructive on one click (SPEC §5 "Cancel actions ask confirmation"): every action that stops, deletes or
 * cannot be undone asks a second confirmation, which the kit (useRowActions) and the screens' own buttons
 * (components/ConfirmAction.tsx) word alike, naming what they act on.
 */

function isResource(value: unknown): value is Resource {
  return typeof value === 'object' && value !== null && 'api' in value && 'columns' in value && 'rowActions' in value;
}

const modules = import.meta.glob<Record<string, unknown>>(['../../modules/**/*.{ts,tsx}', '!**/*.test.*', '!**/*.spec.*'], { eager: true });
const resources = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, Resource] => isResource(entry[1]))
    .map(([name, resource]) => [`${file.replace('../../', '')} ${name}`, resource] as const),
);

const sources = import.meta.glob<string>(['../../modules/**/*.{ts,tsx}', '../**/*.{ts,tsx}', '!**/*.test.*', '!**/*.spec.*'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** Actions whose key is computed, named by file, that ask their own question in a dialog of their own. */
const ASKED_IN_A_DIALOG: Record<string, string> = {
  'modules/jobs/JobsPage.tsx': 'run, pause, resume and backfill open a dialog naming the job that asks its reason or input before acting',
};

interface Declared {
  where: string;
  key: string | undefined;
  danger: boolean;
  confirm: boolean;
}

const propertyOf = (node: ts.ObjectLiteralExpression, name: string) =>
  node.properties.find((p) => (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p) || ts.isMethodDeclaration(p)) && p.name.getText() === name);

/** Every object literal written as a row or batch action (a `key`, a `label` and a `run`) in the source, wherever it is built:
 *  a resource file, or a screen that adds actions to its resource. */
function declaredActions(file: string, text: string): Declared[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Declared[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node) && ['key', 'label', 'run'].every((name) => propertyOf(node, name))) {
      const key = propertyOf(node, 'key')!;
      const literal = ts.isPropertyAssignment(key) && ts.isStringLiteralLike(key.initializer) ? key.initializer.text : undefined;
      const danger = propertyOf(node, 'danger');
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({
        where: `${file}:${line}`,
        key: literal,
        danger: Boolean(danger && ts.isPropertyAssignment(danger) && danger.initializer.kind !== ts.SyntaxKind.FalseKeyword),
        confirm: Boolean(propertyOf(node, 'confirm')),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A glob's file as the repository names it below web/src (`../../modules/x.ts` -> `modules/x.ts`). */
const named = (file: string) =>
  file.startsWith('../../') ? file.slice(6) : file.startsWith('../') ? `components/${file.slice(3)}` : `components/resource/${file.slice(2)}`;

const declared = Object.entries(sources).flatMap(([file, text]) => declaredActions(named(file), text));

const unconfirmed = (actions: readonly (RowAction<Row> | BatchAction<Row>)[]) =>
  actions.filter((action) => isDestructive(action) && !action.confirm).map((action) => action.key);

describe('every action that stops, deletes or cannot be undone asks first', () => {
  it('reads the words of a key', () => {
    expect(keyWords('massCancel')).toEqual(['mass', 'cancel']);
    expect(isDestructive({ key: 'unlock' })).toBe(false);
    expect(isDestructive({ key: 'blacklistMerchant' })).toBe(true);
    expect(isDestructive({ key: 'bind', danger: true })).toBe(true);
  });

  it('finds the resources and the actions written in the source', () => {
    expect(resources.length).toBeGreaterThan(30);
    expect(declared.filter((action) => action.key === 'withdraw' || action.key === 'cancelDone').length).toBeGreaterThan(0);
    expect(declared.length).toBeGreaterThan(20);
  });

  it.each(resources)('%s: its row and batch actions', (_, resource) => {
    expect({ rows: unconfirmed(resource.rowActions), batches: unconfirmed(resource.batchActions) }).toEqual({ rows: [], batches: [] });
  });

  it('every action written in a screen or resource file, its key a word of what it does, or marked danger', () => {
    const missing = declared
      .filter((action) => !action.confirm)
      .filter((action) => (action.key === undefined ? !ASKED_IN_A_DIALOG[action.where.split(':')[0]!] || action.danger : isDestructive({ key: action.key, danger: action.danger })))
      .map((action) => `${action.where} ${action.key ?? '(computed key)'}`);
    expect(missing).toEqual([]);
  });

  it('screens ask through the shared confirmation, never a Popconfirm or a bare confirm of their own', () => {
    const own = Object.entries(sources)
      .map(([file, text]) => [named(file), text] as const)
      .filter(([file]) => !['components/feedback.ts', 'components/ConfirmAction.tsx'].includes(file))
      .filter(([, text]) => /<Popconfirm\b/.test(text) || /import \{[^}]*\bconfirm\b[^}]*\} from '[./]+\/(components\/)?feedback'/.test(text))
      .map(([file]) => file);
    expect(own).toEqual([]);
  });
});
