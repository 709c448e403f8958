import type { Column, Row } from '../../../components/resource';
import { formPayload } from '../../../components/resource/formRules';
import { LongTextInput, TagsInput, UserInput } from '../inputs';
import { MerchantAccountInput } from '../../merchants/MerchantInput';
import { ApplicationInput, CategoryInput } from '../listOptions';
import { checkTags } from '../new/rules';
import type { TicketDetail } from './api';

/** The edit form (`POST ticket/{id}/modify`, docs/tickets.md), with the limits the server checks. */
export const EDIT_FIELDS: (Column<Row> & { wide?: boolean })[] = [
  { key: 'title', title: 'ticket.title', wide: true, form: { required: true, max: 200 } },
  { key: 'description', title: 'ticket.description', wide: true, form: { required: true, max: 5000, input: LongTextInput } },
  { key: 'category', title: 'ticket.category', form: { required: true, input: CategoryInput } },
  { key: 'application', title: 'ticket.application', form: { required: true, input: ApplicationInput } },
  { key: 'issueType', title: 'ticket.issueType', type: 'enum', enum: 'TicketIssueType', form: { required: true } },
  { key: 'accountId', title: 'ticket.accountId', form: { input: MerchantAccountInput } },
  { key: 'accountEmail', title: 'ticket.accountEmail', form: { max: 100, pattern: 'email' } },
  { key: 'tags', title: 'ticket.tags', form: { input: TagsInput, check: checkTags } },
  { key: 'picId', title: 'ticket.pic', form: { input: UserInput } },
  { key: 'rdId', title: 'ticket.rd', form: { input: UserInput } },
  { key: 'estimatedAt', title: 'ticket.estimatedAt', type: 'datetime', form: {} },
];

export type EditValues = Record<string, unknown>;

/** The form's starting values: the ticket as it is. */
export function editValues(ticket: TicketDetail): EditValues {
  return {
    title: ticket.title, description: ticket.description, category: ticket.category, application: ticket.application,
    issueType: ticket.issueType, accountId: ticket.accountId ?? undefined, accountEmail: ticket.accountEmail ?? undefined,
    tags: ticket.tags, picId: ticket.pic?.id, rdId: ticket.rd?.id, estimatedAt: ticket.estimatedAt ?? undefined,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const sameInstant = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' ? new Date(a).getTime() === new Date(b).getTime() : same(a, b);

/** Only what changed: text trimmed, a cleared field as null (tags as none), nothing when nothing changed. */
export function editBody(initial: EditValues, values: EditValues): EditValues {
  const payload = formPayload(values, EDIT_FIELDS, 'edit');
  const before = formPayload(initial, EDIT_FIELDS, 'edit');
  const body: EditValues = {};
  for (const [key, value] of Object.entries(payload)) {
    const now = key === 'tags' ? (value ?? []) : value;
    const was = key === 'tags' ? (before[key] ?? []) : before[key];
    if (!(key === 'estimatedAt' ? sameInstant(now, was) : same(now, was))) body[key] = now;
  }
  return body;
}
