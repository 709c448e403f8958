/** The reply every console call returns (DESIGN: the console API contract). */
export interface Envelope<T> {
  code: string;
  message: string;
  data: T;
  transactionId: string;
}

export const SUCCESS = 'SUCCESS';

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.code === 'string' && 'data' in record;
}
