/** One SLA clock (first response or resolve) as the page shows it at a given instant. */
export type ClockState =
  | { kind: 'met'; minutes: number | null; breached: boolean }
  | { kind: 'running'; remainingMs: number; overdue: boolean; breached: boolean };

export interface ClockInput {
  due: string;
  /** When the clock's event happened (first response, resolution); null while it runs. */
  doneAt: string | null;
  doneMinutes: number | null;
  breached: boolean;
}

/** The clock at `now` (epoch ms): met, or the time left (negative once overdue) to the server's deadline. */
export function clockState({ due, doneAt, doneMinutes, breached }: ClockInput, now: number): ClockState {
  if (doneAt) return { kind: 'met', minutes: doneMinutes, breached };
  const remainingMs = Date.parse(due) - now;
  return { kind: 'running', remainingMs, overdue: remainingMs < 0, breached: breached || remainingMs < 0 };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `1d 02:03:04`, `02:03:04`: the exact time left or over, to the second. */
export function countdown(ms: number): string {
  const total = Math.floor(Math.abs(ms) / 1000);
  const days = Math.floor(total / 86_400);
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days ? `${days}d ${clock}` : clock;
}
