import type { ApiError } from './ApiError';

type FailureNotice = typeof import('./failureNotice');

// Loaded on the first failure, so no page carries the notification code until something fails.
let loaded: Promise<FailureNotice> | undefined;
const notice = (): Promise<FailureNotice> => (loaded ??= import('./failureNotice'));

/** Tells the user a call failed: its message, the request path and the transaction id (api/failureNotice.tsx). */
export function notifyFailure(error: ApiError): void {
  void notice().then(({ showFailure }) => showFailure(error));
}

/** Closes the failures shown so far (a successful login makes the failed attempt's notice stale). */
export function clearFailures(): void {
  void loaded?.then(({ closeAll }) => closeAll());
}
