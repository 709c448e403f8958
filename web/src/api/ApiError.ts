/** Codes the browser itself gives to failures that never produced an envelope. */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const TIMEOUT = 'TIMEOUT';
export const BAD_REPLY = 'BAD_REPLY';
export const ABORTED = 'ABORTED';

export interface ApiErrorFields {
  code: string;
  message: string;
  transactionId: string;
  /** HTTP status; 0 when no reply arrived. */
  status: number;
  data: unknown;
  /** The request path, as shown to the user (`/cms/...`). */
  path: string;
}

/** A failed console call: an envelope whose code is not SUCCESS, or no usable reply at all. */
export class ApiError extends Error implements ApiErrorFields {
  readonly code: string;
  readonly transactionId: string;
  readonly status: number;
  readonly data: unknown;
  readonly path: string;

  constructor(fields: ApiErrorFields) {
    super(fields.message);
    this.name = 'ApiError';
    this.code = fields.code;
    this.transactionId = fields.transactionId;
    this.status = fields.status;
    this.data = fields.data;
    this.path = fields.path;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
