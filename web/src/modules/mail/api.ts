import { api, type Body } from '../../api/client';
import type { components } from '../../api/schema';

export type MailTask = components['schemas']['MailTaskPublic'];
export type MailTaskWrite = components['schemas']['MailTaskCreate'];
export type MailHistoryItem = components['schemas']['MailHistoryItem'];
export type MailHistoryDetail = components['schemas']['MailHistoryDetail'];
export type MailPreview = components['schemas']['MailPreview'];
export type MailRepeat = components['schemas']['MailRepeat'];

const task = (id: number) => ({ path: { task_id: id } });

/** Timed mails and the mail history (api/routers/mail.py, mail_history.py). */
export const mailApi = {
  detail: (id: number) => api.get('/cms/mail/detail/{task_id}', { params: task(id) }),
  /** Field errors come back to the form, so a refusal does not notify by itself. */
  add: (body: MailTaskWrite) => api.post('/cms/mail/add', { body, notify: false }),
  modify: (body: Body<'/cms/mail/modify', 'post'>) => api.post('/cms/mail/modify', { body, notify: false }),
  preview: (body: Body<'/cms/mail/preview', 'post'>) => api.post('/cms/mail/preview', { body, notify: false }),
  pause: (id: number) => api.post('/cms/mail/{task_id}/pause', { params: task(id) }),
  recover: (id: number) => api.post('/cms/mail/{task_id}/recover', { params: task(id) }),
  sendAgain: (id: number) => api.post('/cms/mail/{task_id}/send-again', { params: task(id) }),
  retryFire: (taskId: number, fireTime: string) => api.post('/cms/mail-history/retry-fire', { body: { taskId, fireTime } }),
  retryRange: (from: string, to: string) => api.post('/cms/mail-history/retry-range', { body: { fireTime: [from, to] } }),
};

export const CREATE_PATH = '/timed-mail/create';
export const editPath = (id: number) => `/timed-mail/edit?id=${id}`;
export const HISTORY_PATH = '/system/message-center/manage-mail/mail-history';
export const LIST_PATH = '/system/message-center/manage-mail/timed-mail';
