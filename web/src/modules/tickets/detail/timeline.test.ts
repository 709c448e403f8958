import { describe, expect, it } from 'vitest';
import type { TicketComment, TicketHistory } from './api';
import { timeline } from './timeline';

const history = (seq: number, at: string, action: string): TicketHistory => ({
  seq,
  at,
  action,
  actionLabel: action,
  actor: null,
  actorName: 'System',
  fromStatus: null,
  toStatus: null,
  detail: {},
});

const comment = (id: number, createdAt: string): TicketComment => ({ id, createdAt, author: null, body: `comment ${id}`, attachments: [] });

describe('the timeline merges history and comments', () => {
  it('orders them by time, newest last', () => {
    const entries = timeline(
      [history(1, '2026-01-01T10:00:00Z', 'CREATE'), history(3, '2026-01-01T12:00:00Z', 'CLAIM')],
      [comment(5, '2026-01-01T11:00:00Z'), comment(6, '2026-01-01T13:00:00Z')],
    );
    expect(entries.map((entry) => entry.key)).toEqual(['h1', 'c5', 'h3', 'c6']);
  });

  it('shows a comment once: its history entry is left out', () => {
    const entries = timeline([history(2, '2026-01-01T11:00:00Z', 'COMMENT')], [comment(5, '2026-01-01T11:00:00Z')]);
    expect(entries.map((entry) => entry.key)).toEqual(['c5']);
  });

  it('keeps history before comments, each in its own order, at the same instant', () => {
    const at = '2026-01-01T11:00:00Z';
    const entries = timeline([history(2, at, 'CLAIM'), history(3, at, 'START_PROCESSING')], [comment(4, at)]);
    expect(entries.map((entry) => entry.key)).toEqual(['h2', 'h3', 'c4']);
  });
});
