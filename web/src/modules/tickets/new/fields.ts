import type { Column, Row } from '../../../components/resource';
import { LongTextInput, TagsInput, UserInput } from '../inputs';
import { MerchantAccountInput } from '../../merchants/MerchantInput';
import { ApplicationInput, CategoryInput } from '../listOptions';
import { ImagesInput } from './ImagesInput';
import { IssueLevelInput } from './IssueLevelInput';
import { checkImages, checkTags } from './rules';

/** A field of the new-ticket form; `wide` ones take the whole row. */
export type NewTicketField = Column<Row> & { wide?: boolean };

/** The new-ticket form (docs/tickets.md `POST ticket/add`), with the limits the server checks (api/schemas/tickets.py). */
export const NEW_TICKET_FIELDS: NewTicketField[] = [
  { key: 'title', title: 'ticket.title', wide: true, form: { required: true, max: 200 } },
  { key: 'description', title: 'ticket.description', wide: true, form: { required: true, max: 5000, input: LongTextInput } },
  { key: 'category', title: 'ticket.category', form: { required: true, input: CategoryInput } },
  { key: 'application', title: 'ticket.application', form: { required: true, input: ApplicationInput } },
  { key: 'issueType', title: 'ticket.issueType', type: 'enum', enum: 'TicketIssueType', form: { required: true } },
  { key: 'issueLevel', title: 'ticket.issueLevel', form: { required: true, input: IssueLevelInput } },
  { key: 'accountId', title: 'ticket.accountId', form: { input: MerchantAccountInput } },
  { key: 'accountEmail', title: 'ticket.accountEmail', form: { max: 100, pattern: 'email' } },
  { key: 'tags', title: 'ticket.tags', form: { input: TagsInput, check: checkTags } },
  { key: 'project', title: 'ticket.project', form: { max: 64 } },
  { key: 'assigneeId', title: 'ticket.assignee', form: { input: UserInput } },
  { key: 'picId', title: 'ticket.pic', form: { input: UserInput } },
  { key: 'rdId', title: 'ticket.rd', form: { input: UserInput } },
  { key: 'estimatedAt', title: 'ticket.estimatedAt', type: 'datetime', form: {} },
  { key: 'attachments', title: 'ticket.images', wide: true, form: { input: ImagesInput, check: checkImages } },
];
