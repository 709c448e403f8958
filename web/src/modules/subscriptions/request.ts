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

/** The submit body: a gift carries the dialog's request key (its idempotency key); a paid subscription is keyed
 *  by its receipt number, so a double submit of either joins the same request. */
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
    requestKey: kind === 'GIFT' ? requestKey : null,
  };
}

/** The second confirmation restates exactly what it shows: each package's version and count, and the free days. */
export function restated(request: RequestQuote): ConfirmBody {
  return {
    packages: request.packages.map((line) => ({ packageId: line.packageId, versionId: line.versionId, count: line.count })),
    freeDays: request.freeDays,
  };
}

/** A request key for a newly opened dialog. */
export function newRequestKey(): string {
  return crypto.randomUUID();
}
