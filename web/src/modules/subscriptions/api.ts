import { http } from '../../api/http';
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

/** An enabled package the dialogs offer (`GET package/options`: with its current version). */
export type PackageOption = Schemas['PackagePublic'];

/** The subscribe-or-gift request calls (docs/subscriptions.md, API). Refusals come back to the dialog, which shows
 *  them on their fields (`notify: false`). */
export const subscriptionApi = {
  /** The dialog quoted, nothing written: what its second confirmation shows and restates. */
  preview: (body: SubmitBody) => http.post<RequestQuote>('subscription/preview', body, { notify: false }),
  /** With its `confirmation`, the request is created confirmed and awaits approval. */
  submit: (body: SubmitBody) => http.post<SubscriptionRequest>('subscription/submit', body, { notify: false }),
  approve: (id: number) => http.post<SubscriptionRequest>(`subscription/${id}/approve`, {}),
  /** A failed request applied again, or a live one whose flow stopped run again (`subscription#retry`). */
  retry: (id: number) => http.post<SubscriptionRequest>(`subscription/${id}/retry`, {}),
  refuse: (id: number, reason: string) => http.post<SubscriptionRequest>(`subscription/${id}/refuse`, { reason }, { notify: false }),
  detail: (id: number, signal?: AbortSignal) => http.get<SubscriptionRequest>(`subscription/detail/${id}`, { signal }),
  /** The packages a merchant of `country` may be sold: that country's enabled ones. */
  packages: (country: string, signal?: AbortSignal) =>
    http.get<PackageOption[]>('package/options', { params: { country }, signal }),
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return http.post<StoredFile>('common/upload-file', form);
  },
  fileLink: (fileId: number, signal?: AbortSignal) => http.get<FileLink>(`common/generate-file-url/${fileId}`, { signal }),
};
