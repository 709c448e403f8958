import type { ConfirmBody, RequestQuote, SubmitBody, SubscriptionKind } from './api';

/** What the dialog's form holds. */
export interface DialogValues {
  packages?: number[];
  counts?: Record<string, number | null | undefined>;
  freeDays?: number | null;
  receiptNumber?: string;
  paymentSerial?: string;
  paymentAt?: { toISOString(): string } | null;
  screenshotFileId?: number | null;
  remark?: string;
}

/** SPEC §5: a receipt number holds only letters, digits, underscores, hyphens and spaces. */
export const RECEIPT_PATTERN = /^[A-Za-z0-9_\- ]+$/;

const blank = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

/** The submit body. It carries the dialog's key: a gift's idempotency key; a paid subscription is keyed by its
 *  receipt number, and the dialog's key tells its own double submit (which joins its request) from another dialog
 *  of the same receipt (refused, naming the request that holds it). */
export function submitBody(kind: SubscriptionKind, merchantId: number, values: DialogValues, requestKey: string): SubmitBody {
  return {
    kind,
    merchantId,
    packages: (values.packages ?? []).map((packageId) => ({ packageId, count: values.counts?.[packageId] ?? 1 })),
    freeDays: values.freeDays ?? 0,
    receiptNumber: blank(values.receiptNumber) ?? null,
    paymentSerial: blank(values.paymentSerial) ?? null,
    paymentAt: values.paymentAt ? values.paymentAt.toISOString() : null,
    screenshotFileId: values.screenshotFileId ?? null,
    remark: blank(values.remark) ?? null,
    requestKey,
  };
}

/** The second confirmation restates exactly what it shows: each package's version and count, and the free days. */
export function restated(request: RequestQuote): ConfirmBody {
  return {
    packages: request.packages.map((line) => ({ packageId: line.packageId, versionId: line.versionId, count: line.count })),
    freeDays: request.freeDays,
  };
}

/** The most free days a dialog may give: a paid subscription what its chosen packages offer (the most of them), a
 *  gift up to SPEC §9's 365. The server checks the same when the dialog is quoted (its Next). */
export function freeDaysAllowed(kind: SubscriptionKind, offered: readonly number[]): number {
  return kind === 'SUBSCRIBE' ? Math.min(Math.max(0, ...offered), MAX_FREE_DAYS) : MAX_FREE_DAYS;
}

export const MAX_FREE_DAYS = 365; // SPEC §9

/** A request key for a newly opened dialog. */
export function newRequestKey(): string {
  return crypto.randomUUID();
}
