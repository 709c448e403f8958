import { useRef } from 'react';

/** 128 random bits as hex; `crypto.getRandomValues` works on plain http too (randomUUID needs https). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per intended creation (docs/decisions/idempotency-keys.md): a double click or a retry of
 * the same values sends the same key, so the server creates once; renew it when the values change
 * or the creation succeeded.
 */
export function useIdempotencyKey(): { key: () => string; renew: () => void } {
  const ref = useRef('');
  if (!ref.current) ref.current = newIdempotencyKey();
  return {
    key: () => ref.current,
    renew: () => {
      ref.current = newIdempotencyKey();
    },
  };
}
