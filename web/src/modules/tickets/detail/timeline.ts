import type { TicketComment, TicketHistory } from './api';

export type TimelineEntry =
  | { kind: 'history'; key: string; at: string; entry: TicketHistory }
  | { kind: 'comment'; key: string; at: string; comment: TicketComment };

/**
 * History and comments in one list, oldest first (newest last). A comment is also a history entry
 * (`COMMENT`); it is shown once, as the comment with its text and files.
 */
export function timeline(history: readonly TicketHistory[], comments: readonly TicketComment[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...history
      .filter((entry) => entry.action !== 'COMMENT')
      .map((entry) => ({ kind: 'history' as const, key: `h${entry.seq}`, at: entry.at, entry })),
    ...comments.map((comment) => ({ kind: 'comment' as const, key: `c${comment.id}`, at: comment.createdAt, comment })),
  ];
  // a stable sort: at equal instants history (in seq order) stays before comments (in id order)
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
