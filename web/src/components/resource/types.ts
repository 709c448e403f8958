import type { ComponentType, ReactNode } from 'react';
import type { Permission } from '../../app/access/can';
import { findOperation, permissionOf } from '../../app/access/operations';
import type { Translate } from '../../i18n';
import type { ResourcePrefix } from './api';

export type ColumnPriority = 'key' | 'wide';

/** How a value is shown, filtered and edited; `html` is rich text (edited in the rich-text editor, shown as its text). */
export type ColumnType = 'text' | 'enum' | 'number' | 'currency' | 'date' | 'datetime' | 'boolean' | 'url' | 'html';

/** Named patterns the server also enforces; each has its own translated message. */
export type NamedPattern = 'letters' | 'digits' | 'email' | 'url' | 'code';

/** The rules of a form field: the same limits the server checks (SPEC §5). */
export interface FieldRules {
  required?: boolean;
  /** Characters for text (for `html`: as the reader sees them), value for numbers. */
  min?: number;
  max?: number;
  pattern?: NamedPattern;
  /** Shown in the create form only: the server does not let it change afterwards. */
  createOnly?: boolean;
  /** Set when the record is created, then shown in the edit form without being editable (nor sent). */
  fixed?: boolean;
  /** An enum field holding a list of values (a tip's pages); `max` is then how many may be picked. */
  multiple?: boolean;
  /** A rule of the field's own: the message of what is wrong, or undefined when the value is fine. */
  check?(value: unknown, label: string, t: Translate): string | undefined;
  /** A control of the module's own (a password box, a user or department picker). */
  input?: ComponentType<InputProps>;
  /** The value the edit form starts from, when the record holds it differently (`roles` -> `roleIds`). */
  from?(record: Row): unknown;
}

export interface FilterOptions {
  /** Several enum values at once (`channel: [...]`). */
  multiple?: boolean;
  /** A control of the module's own; values arrive from the address as text. */
  input?: ComponentType<InputProps>;
}

/** What a form or filter control receives from its Form.Item. */
export interface InputProps {
  column: Column<Row>;
  label: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
}

export type Row = Record<string, unknown> & { id: number };

export interface Column<R extends Row = Row> {
  /** The field's wire name (camelCase). */
  key: string;
  /** Translation key, looked up in the resource's namespace first, then in the shared texts. */
  title: string;
  type?: ColumnType;
  /** Enumeration name for `GET /cms/common/enums/{name}` (labels in the user's language). */
  enum?: string;
  /** For `currency`: the field holding the currency code, or a fixed code. */
  currency?: string;
  /** Custom cell text (method syntax, so a Column<Courier> is also a Column<Row>). */
  format?(value: unknown, row: R): ReactNode;
  filter?: boolean | FilterOptions;
  sorter?: boolean;
  copyable?: boolean;
  width?: number;
  /**
   * How much the column matters on a narrow screen: `key` columns stay at every width (a phone shows only
   * them), the others leave below 768 px; above it a list shows the columns it has room for, so it needs no
   * sideways scroll, `wide` ones leaving first (useFittingColumns). The column settings still show any of them.
   */
  priority?: ColumnPriority;
  /** Long text stays on one line, cut with "…", the full text on hover; give the column a width. */
  ellipsis?: boolean;
  /** Left out of the table until the user shows it (column settings). */
  hidden?: boolean;
  /** false: only a form or search field (a password, a keyword), never a column of the table or the detail. */
  table?: boolean;
  /** A form field in the create and edit dialogs, with its rules. */
  form?: FieldRules;
}

export interface ActionContext {
  /** Reloads the list. */
  reload: () => void;
}

export interface RowAction<R extends Row = Row> {
  key: string;
  /** Translation key. */
  label: string;
  permission?: Permission;
  danger?: boolean;
  /** Translation key of a second confirmation asked first. */
  confirm?: string;
  /** Offered only for rows it applies to (unbind a bound shop, bind an unbound one). */
  when?(row: R): boolean;
  /** The screen the action goes to (its `run` navigates there): offered only to users who may open it. */
  opens?(row: R): string;
  run(row: R, context: ActionContext): unknown;
}

export interface BatchAction<R extends Row = Row> {
  key: string;
  label: string;
  permission?: Permission;
  danger?: boolean;
  confirm?: string;
  run(rows: R[], context: ActionContext): unknown;
}

/** The standard buttons of the kit, each calling one operation of the resource's API. */
export type KitAction = 'add' | 'edit' | 'delete' | 'export' | 'import';

/** The permission of each standard button offered, as the schema publishes its operation's; one missing is not offered. */
export type ResourceActions = Partial<Record<KitAction, Permission>>;

/** The operation each button calls: method and the path below `/cms/<api>/` (delete ends with the id). */
const KIT_OPERATIONS: Record<KitAction, [string, string]> = {
  add: ['POST', 'add'],
  edit: ['POST', 'modify'],
  delete: ['DELETE', 'delete/\\{[^/}]+\\}'],
  export: ['POST', 'export'],
  import: ['POST', 'import'],
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The permissions of the buttons `offered`, read from the schema (api/permissions.ts) by the operations they call. */
export function kitPermissions(api: string, offered: readonly KitAction[]): ResourceActions {
  const actions: ResourceActions = {};
  for (const action of offered) {
    const [method, tail] = KIT_OPERATIONS[action];
    const operation = findOperation(method, new RegExp(`^/cms/${escaped(api)}/${tail}$`));
    // No such operation: a code no one holds, so the button is not offered; resources.test.ts names the mistake.
    actions[action] = operation ? permissionOf(operation) : [`${method} /cms/${api}/${action}: no such operation`];
  }
  return actions;
}

export interface Resource<R extends Row = Row> {
  /** Table key for the saved column display, and the default translation namespace. */
  name: string;
  /** API prefix: `courier` gives `/cms/courier/search`, `/detail/{id}`, `/add`, `/modify`, ... */
  api: ResourcePrefix;
  namespace: string;
  /** Translation key of the entity's name in dialog titles (`entity`; another lets resources share a namespace). */
  entity: string;
  /** The menu identifier guarding the screen. */
  permission: string;
  /** The permissions of the standard buttons offered (the declaration lists the buttons; the schema gives these). */
  actions: ResourceActions;
  columns: Column<R>[];
  defaultSort?: string;
  pageSize: number;
  rowActions: RowAction<R>[];
  batchActions: BatchAction<R>[];
  /** A list that finds named records (specific merchants): asked only once the filters name one. */
  searchable?(filters: Record<string, unknown>): boolean;
  /** Translation key of a line above the search form saying what the list needs or shows. */
  hint?: string;
  /** Filters every search and export of this screen carries, unseen (one entity listed on several screens). */
  fixed?: Record<string, unknown>;
  /** More of a record than its fields (an order's lines, its history), shown in the detail drawer below them. */
  detail?: ComponentType<{ row: R }>;
  /** The detail drawer's width in pixels, when its own detail needs more than the fields (a log). */
  detailSize?: number;
  /** How a confirmation names a record ("erp-web 2.4.0 · Production"); by default its first key column's value. */
  label?(row: R, t: Translate): string;
  /** A list whose rows change by themselves (runs in progress): asked again every this many milliseconds; or, given
   *  the rows shown, the interval while they still change and `false` once they no longer do (exports written). */
  refresh?: number | ((rows: R[]) => number | false);
  /** A record with a page of its own (a merchant): "view" opens that page instead of the detail drawer, and is
   *  offered to users who may open that page only. */
  detailPath?(row: R): string;
  /** Who may open the detail drawer: the permission of `GET <api>/detail/{id}` as the schema publishes it. */
  view: Permission;
  /** A list split into tabs by one of its filters (an order list's statuses), each tab with the count the search
   *  reply carries under `tabs`; the first value is the whole list (the filter left out). */
  tabs?: ListTabs;
}

export interface ListTabs {
  /** The filter (a column with `filter`, `table: false`) the tabs set; the search form leaves it out. */
  filter: string;
  /** The enumeration naming the tabs (labels in the user's language). */
  enum: string;
  values: readonly string[];
}

type Defaulted = 'namespace' | 'entity' | 'pageSize' | 'rowActions' | 'batchActions';
export type ResourceDeclaration<R extends Row = Row> = Omit<Resource<R>, Defaulted | 'actions' | 'view'> &
  Partial<Pick<Resource<R>, Defaulted>> & {
    /** The standard buttons offered; each shows to users holding its operation's permission. */
    actions?: readonly KitAction[];
  };

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100];

/** The resources declared so far, by the menu identifier guarding their screen. */
const byScreen = new Map<string, Resource[]>();

/**
 * A screen's resource, declared once: one column list drives the table, the search form, the
 * create and edit forms, the detail drawer and the export.
 */
export function defineResource<R extends Row = Row>(declaration: ResourceDeclaration<R>): Resource<R> {
  const resource: Resource<R> = {
    namespace: declaration.name,
    entity: 'entity',
    pageSize: DEFAULT_PAGE_SIZE,
    rowActions: [],
    batchActions: [],
    ...declaration,
    actions: kitPermissions(declaration.api, declaration.actions ?? []),
    view: detailPermission(declaration.api),
  };
  const guarded = byScreen.get(resource.permission) ?? [];
  if (!guarded.some((known) => known.name === resource.name)) byScreen.set(resource.permission, [...guarded, resource as unknown as Resource]);
  return resource;
}

/** The resources (of the modules loaded so far) whose screen the menu identifier guards: a list screen's own. */
export function resourcesGuardedBy(identifier: string): readonly Resource[] {
  return byScreen.get(identifier) ?? [];
}

/** The permission of a resource's detail (`GET /cms/<api>/detail/{id}`), or a code no one holds without one. */
export function detailPermission(api: string): Permission {
  const operation = findOperation('GET', new RegExp(`^/cms/${escaped(api)}/detail/\\{[^/}]+\\}$`));
  return operation ? permissionOf(operation) : [`GET /cms/${api}/detail: no such operation`];
}

/** The columns of the table and the detail drawer (not the form- or search-only fields). */
export function tableColumns<C extends Column<Row>>(columns: readonly C[]): C[] {
  return columns.filter((column) => column.table !== false);
}

export function filterOptions(column: Column<Row>): FilterOptions | undefined {
  if (!column.filter) return undefined;
  return column.filter === true ? {} : column.filter;
}
