/** SPEC §5: up to 10 images and videos in the detail form. */
export const MAX_FILES = 10;

/**
 * Of `batch` (files picked together), which fit next to the `held` files already in the form.
 * The ones past the limit are refused.
 */
export function splitByLimit<T>(held: number, batch: readonly T[], max = MAX_FILES): { accepted: T[]; refused: T[] } {
  const room = Math.max(0, max - held);
  return { accepted: batch.slice(0, room), refused: batch.slice(room) };
}

/** IMAGE or VIDEO, as the ticket API records an attachment. */
export function attachmentKind(contentType: string): 'IMAGE' | 'VIDEO' {
  return contentType.startsWith('video/') ? 'VIDEO' : 'IMAGE';
}
