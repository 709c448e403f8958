import { api, type PathOf } from '../../../api/client';
import type { components } from '../../../api/schema';

type Schemas = components['schemas'];
export type TicketDetail = Schemas['TicketDetail'];
export type TicketHistory = Schemas['HistoryPublic'];
export type TicketComment = Schemas['CommentPublic'];
export type TicketAttachment = Schemas['AttachmentPublic'];
export type AttachmentBody = Schemas['AttachmentBody'];
export type TicketIssueLevel = Schemas['TicketIssueLevel'];
export type UserRef = Schemas['UserRef'];
export type StoredFile = Schemas['StoredFilePublic'];
export type FileLink = Schemas['FileLink'];
export type PriorityPreview = Schemas['PriorityPreview'];
export type TicketRef = Schemas['TicketRef'];

/** The statuses a merge may go into: not closed or declined (a merged ticket is closed). */
export const OPEN_STATUSES: Schemas['TicketStatus'][] = ['NEW', 'PENDING_FOR_OPERATION', 'WORK_IN_PROCESS', 'PENDING', 'RESOLVED', 'PENDING_FOR_CONFIRMATION'];

/** What an action sends besides the ticket id (docs/tickets.md, API). */
export type ActionBody =
  | { reason?: string }
  | { solution: string }
  | { targetId: number }
  | { issueLevel: TicketIssueLevel }
  | { assigneeId: number; reason?: string }
  | Record<string, unknown>
  | { content: string; attachments?: AttachmentBody[] };

const ticket = (id: number) => ({ path: { ticket_id: id } });

/** The actions a ticket takes (`POST /cms/ticket/{ticket_id}/<action>`), as the schema names them. */
export type TicketAction = PathOf<'post'> extends infer P ? (P extends `/cms/ticket/{ticket_id}/${infer A}` ? A : never) : never;

export const ticketDetailApi = {
  detail: (id: number, signal?: AbortSignal) => api.get('/cms/ticket/detail/{ticket_id}', { params: ticket(id), signal }),
  /** `POST ticket/{id}/<action>`: the new detail, or a translated 409 when the ticket's state refuses it; a dialog
   *  shows the refusal itself (`notify: false`). */
  act: (id: number, action: TicketAction, body: ActionBody = {}, notify = true) =>
    // Every action answers with the ticket; the path is one of the schema's (TicketAction), typed as any one of them.
    api.post(`/cms/ticket/{ticket_id}/${action}` as '/cms/ticket/{ticket_id}/claim', { params: ticket(id), body, notify }),
  /** What a priority change would do: the new deadlines and the clocks it would breach at once. */
  priorityPreview: (id: number, issueLevel: TicketIssueLevel, signal?: AbortSignal) =>
    api.post('/cms/ticket/{ticket_id}/priority/preview', { params: ticket(id), body: { issueLevel }, signal }),
  /** Open tickets matching an id or a title, for the merge dialog's search. */
  openTickets: (keyword: string, signal?: AbortSignal) =>
    api.post('/cms/ticket/search', { body: { keyword, scope: 'ALL', merged: false, status: OPEN_STATUSES, page: 1, pageSize: 20, sort: '-id' }, signal }),
  upload: (file: File) => api.upload('/cms/common/upload-file', file),
  fileLink: (fileId: number, signal?: AbortSignal) =>
    api.get('/cms/common/generate-file-url/{file_id}', { params: { path: { file_id: fileId } }, signal }),
};

/** How a person is named on the page. */
export const personName = (user: UserRef | null | undefined) => (user ? user.displayName || user.username : '');
