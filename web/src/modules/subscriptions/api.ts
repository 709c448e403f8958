import { api, type CallInit } from '../../api/client';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];
export type SubscriptionRequest = Schemas['RequestOut'];
/** A dialog as the server quotes it, before the request exists (what its second confirmation shows). */
export type RequestQuote = Schemas['RequestQuoteOut'];
export type SubmitBody = Schemas['SubmitBody'];
export type ConfirmBody = Schemas['ConfirmBody'];
export type SubscriptionKind = Schemas['SubscriptionKind'];
export type StoredFile = Schemas['StoredFilePublic'];
export type FileLink = Schemas['FileLink'];
/** An applied subscription or gift record of a merchant (`POST subscription/records`). */
export type SubscriptionRecord = Schemas['RecordOut'];

/** An enabled package the dialogs offer (`GET package/options`: with its current version). */
export type PackageOption = Schemas['PackagePublic'];
/** A merchant's country, as the server stores it (one it knows). */
type Country = NonNullable<NonNullable<CallInit<'/cms/package/options', 'get'>['params']>['query']>['country'];

const request = (id: number) => ({ path: { request_id: id } });

/** The subscribe-or-gift request calls (docs/subscriptions.md, API). Refusals come back to the dialog, which shows
 *  them on their fields (`notify: false`). */
export const subscriptionApi = {
  /** The dialog quoted, nothing written: what its second confirmation shows and restates. */
  preview: (body: SubmitBody) => api.post('/cms/subscription/preview', { body, notify: false }),
  /** With its `confirmation`, the request is created confirmed and awaits approval. */
  submit: (body: SubmitBody) => api.post('/cms/subscription/submit', { body, notify: false }),
  approve: (id: number) => api.post('/cms/subscription/{request_id}/approve', { params: request(id), body: {} }),
  /** A failed request applied again, or a live one whose flow stopped run again (`subscription#retry`). */
  retry: (id: number) => api.post('/cms/subscription/{request_id}/retry', { params: request(id) }),
  refuse: (id: number, reason: string) =>
    api.post('/cms/subscription/{request_id}/refuse', { params: request(id), body: { reason }, notify: false }),
  detail: (id: number, signal?: AbortSignal) => api.get('/cms/subscription/detail/{request_id}', { params: request(id), signal }),
  /** The packages a merchant of `country` may be sold: that country's enabled ones. */
  packages: (country: string, signal?: AbortSignal) =>
    api.get('/cms/package/options', { params: { query: { country: country as Country } }, signal }),
  /** A merchant's applied records, newest first, one page of them. */
  records: (merchantId: number, page: number, pageSize: number, signal?: AbortSignal) =>
    api.post('/cms/subscription/records', { body: { merchantId, page, pageSize }, signal }),
  upload: (file: File) => api.upload('/cms/common/upload-file', file),
  fileLink: (fileId: number, signal?: AbortSignal) =>
    api.get('/cms/common/generate-file-url/{file_id}', { params: { path: { file_id: fileId } }, signal }),
};
