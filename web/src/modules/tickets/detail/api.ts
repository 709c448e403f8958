import { http } from '../../../api/http';
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
type TicketSearchPage = Schemas['TicketPage'];

/** The statuses a merge may go into: not closed or declined (a merged ticket is closed). */
const OPEN_STATUSES: Schemas['TicketStatus'][] = ['NEW', 'PENDING_FOR_OPERATION', 'WORK_IN_PROCESS', 'PENDING', 'RESOLVED', 'PENDING_FOR_CONFIRMATION'];

/** What an action sends besides the ticket id (docs/tickets.md, API). */
export type ActionBody =
  | { reason?: string }
  | { solution: string }
  | { targetId: number }
  | { issueLevel: TicketIssueLevel }
  | { assigneeId: number; reason?: string }
  | Record<string, unknown>
  | { content: string; attachments?: AttachmentBody[] };

export const ticketDetailApi = {
  detail: (id: number, signal?: AbortSignal) => http.get<TicketDetail>(`ticket/detail/${id}`, { signal }),
  /** `POST ticket/{id}/<path>`: the new detail, or a translated 409 when the ticket's state refuses it; a dialog
   *  shows the refusal itself (`notify: false`). */
  act: (id: number, path: string, body: ActionBody = {}, notify = true) =>
    http.post<TicketDetail>(`ticket/${id}/${path}`, body, { notify }),
  /** What a priority change would do: the new deadlines and the clocks it would breach at once. */
  priorityPreview: (id: number, issueLevel: TicketIssueLevel, signal?: AbortSignal) =>
    http.post<PriorityPreview>(`ticket/${id}/priority/preview`, { issueLevel }, { signal }),
  /** Open tickets matching an id or a title, for the merge dialog's search. */
  openTickets: (keyword: string, signal?: AbortSignal) =>
    http.post<TicketSearchPage>('ticket/search', { keyword, merged: false, status: OPEN_STATUSES, pageSize: 20, sort: '-id' }, { signal }),
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return http.post<StoredFile>('common/upload-file', form);
  },
  fileLink: (fileId: number, signal?: AbortSignal) => http.get<FileLink>(`common/generate-file-url/${fileId}`, { signal }),
};

/** How a person is named on the page. */
export const personName = (user: UserRef | null | undefined) => (user ? user.displayName || user.username : '');
