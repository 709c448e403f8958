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

/** What an action sends besides the ticket id (docs/tickets.md, API). */
export type ActionBody =
  | { reason?: string }
  | { solution: string }
  | { targetId: number }
  | { issueLevel: TicketIssueLevel }
  | { content: string; attachments?: AttachmentBody[] };

export const ticketDetailApi = {
  detail: (id: number, signal?: AbortSignal) => http.get<TicketDetail>(`ticket/detail/${id}`, { signal }),
  /** `POST ticket/{id}/<path>`: the new detail, or a translated 409 when the ticket's state refuses it. */
  act: (id: number, path: string, body: ActionBody = {}) => http.post<TicketDetail>(`ticket/${id}/${path}`, body),
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return http.post<StoredFile>('common/upload-file', form);
  },
  fileLink: (fileId: number, signal?: AbortSignal) => http.get<FileLink>(`common/generate-file-url/${fileId}`, { signal }),
};

/** How a person is named on the page. */
export const personName = (user: UserRef | null | undefined) => (user ? user.displayName || user.username : '');
