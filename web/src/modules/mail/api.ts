import { http } from '../../api/http';
import type { components } from '../../api/schema';

export type MailTask = components['schemas']['MailTaskPublic'];
export type MailTaskWrite = components['schemas']['MailTaskCreate'];
export type MailHistoryItem = components['schemas']['MailHistoryItem'];
export type MailPreview = components['schemas']['MailPreview'];
export type MailRepeat = components['schemas']['MailRepeat'];

/** Timed mails and the mail history (api/routers/mail.py, mail_history.py). */
export const mailApi = {
  detail: (id: number) => http.get<MailTask>(`mail/detail/${id}`),
  /** Field errors come back to the form, so a refusal does not notify by itself. */
  add: (body: MailTaskWrite) => http.post<MailTask>('mail/add', body, { notify: false }),
  modify: (body: MailTaskWrite & { id: number }) => http.post<MailTask>('mail/modify', body, { notify: false }),
  preview: (body: { repeat: MailRepeat; sendAt?: string | null; timeZone: string }) =>
    http.post<MailPreview>('mail/preview', body, { notify: false }),
  pause: (id: number) => http.post<MailTask>(`mail/${id}/pause`),
  recover: (id: number) => http.post<MailTask>(`mail/${id}/recover`),
  sendAgain: (id: number) => http.post<MailTask>(`mail/${id}/send-again`),
  retryFire: (taskId: number, fireTime: string) =>
    http.post<components['schemas']['MailRetried']>('mail-history/retry-fire', { taskId, fireTime }),
  retryRange: (from: string, to: string) =>
    http.post<components['schemas']['MailRetried']>('mail-history/retry-range', { fireTime: [from, to] }),
};

export const CREATE_PATH = '/timed-mail/create';
export const editPath = (id: number) => `/timed-mail/edit?id=${id}`;
export const HISTORY_PATH = '/system/message-center/manage-mail/mail-history';
export const LIST_PATH = '/system/message-center/manage-mail/timed-mail';
