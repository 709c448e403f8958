import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTranslate } from '../../i18n';

/** What a merge's duration is read from: its current run's start (a retry's, else the first) and its finish. */
export interface Timed {
  state: string;
  startedAt?: string | null;
  retriedAt?: string | null;
  finishedAt?: string | null;
}

/** Seconds the merge's current run took (started -> finished), or has taken so far while it runs; none before it started. */
export function runSeconds(merge: Timed, now: number): number | undefined {
  const start = merge.retriedAt ?? merge.startedAt;
  if (!start) return undefined;
  const end = merge.finishedAt ? Date.parse(merge.finishedAt) : merge.state === 'RUNNING' ? now : undefined;
  return end === undefined ? undefined : Math.max(0, (end - Date.parse(start)) / 1000);
}

/** "1 hr 4 min", "4 min 12 sec", "38 sec" in the reader's language (Intl's units, nothing to translate). */
export function formatDuration(seconds: number, language: string): string {
  const whole = Math.max(0, Math.round(seconds));
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const parts: [number, 'hour' | 'minute' | 'second'][] = hours ? [[hours, 'hour'], [minutes, 'minute']]
    : minutes ? [[minutes, 'minute'], [rest, 'second']] : [[rest, 'second']];
  return parts.filter(([value], index) => index === 0 || value > 0).map(([value, name]) => unit(value, name)).join(' ');
}

/** The clock, once a second while `ticking` (a running merge's elapsed time goes on between two polls). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/** A merge's real duration: "4 min 12 sec" once finished, "running for 1 min 3 sec" while it runs. */
export function MergeDuration({ merge }: { merge: Timed }) {
  const t = useTranslate(['shelf-merges']);
  const { i18n } = useTranslation();
  const running = merge.state === 'RUNNING';
  const seconds = runSeconds(merge, useNow(running));
  if (seconds === undefined) return null;
  const text = formatDuration(seconds, i18n.language);
  return <span data-testid="merge-duration">{running ? t('runningFor', { duration: text }) : text}</span>;
}
