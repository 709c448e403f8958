import type { CDPSession } from 'playwright-core';

/**
 * Where a page's main thread spends its time, from Chromium's DevTools protocol: a trace (what kind of work: script,
 * style, layout, paint, parsing) and a sampled CPU profile (which functions), both read between two marks of the
 * page. Used by the first-visit measurement (first-visit.ts) when `OMP_E2E_PROFILE` is set: tracing slows the page
 * a little, so the default run only records long tasks.
 */

/** One window of a visit, in ms since the navigation started. */
export interface Phase {
  name: string;
  from: number;
  to: number;
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The mark the page sets from its first script on: the time base of the trace and of the profile. */
export const VISIT_MARK = 'omp-visit-start';

const CATEGORIES = ['devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing', 'loading', 'disabled-by-default-devtools.timeline'];

export interface Recording {
  stop(): Promise<{ trace: TraceEvent[]; profile: CpuProfile }>;
}

/** Starts tracing and CPU sampling of the page behind `cdp`; stop once the visit is measured. */
export async function record(cdp: CDPSession): Promise<Recording> {
  const trace: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => trace.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = await cdp.send('Profiler.stop');
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await complete;
      return { trace, profile: profile as unknown as CpuProfile };
    },
  };
}

const ms = (us: number) => Math.round(us / 1000);

/** Self time (µs) of each kind of main-thread work between `from` and `to` (µs, trace clock). */
function workByKind(events: TraceEvent[], from: number, to: number): Map<string, number> {
  const spans = events.filter((event) => event.ph === 'X' && event.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { event: TraceEvent; end: number; children: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1]!.end <= until) {
      const done = stack.pop()!;
      const start = Math.max(done.event.ts, from);
      const end = Math.min(done.end, to);
      const own = Math.max(0, end - start) - done.children;
      const kind = done.event.name === 'RunTask' || done.event.name === 'ThreadControllerImpl::RunTask' ? 'other (task)' : done.event.name;
      self.set(kind, (self.get(kind) ?? 0) + Math.max(0, own));
      const parent = stack[stack.length - 1];
      if (parent) parent.children += Math.max(0, end - start);
    }
  };
  for (const event of spans) {
    if (event.ts + event.dur! < from || event.ts > to) continue;
    close(event.ts);
    stack.push({ event, end: event.ts + event.dur!, children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return self;
}

/** The page's renderer main thread, and where the navigation started on the trace clock. */
function mainThread(trace: TraceEvent[], markAt: number): { events: TraceEvent[]; origin: number } | undefined {
  const mark = trace.find((event) => event.name === VISIT_MARK);
  if (!mark) return undefined;
  const main = trace.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.pid === mark.pid && event.args?.name === 'CrRendererMain');
  const tid = main?.tid ?? mark.tid;
  return { events: trace.filter((event) => event.pid === mark.pid && event.tid === tid), origin: mark.ts - markAt * 1000 };
}

/** Self time (µs) of each function (`name file:line`) sampled between `from` and `to` (µs, trace clock). */
function workByFunction(profile: CpuProfile, from: number, to: number): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    const next = at + (profile.timeDeltas[index + 1] ?? 0);
    if (next < from || at > to) return;
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url ? frame.url.slice(frame.url.lastIndexOf('/') + 1) : '';
    const key = file ? `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}` : frame.functionName || '(anonymous)';
    self.set(key, (self.get(key) ?? 0) + Math.max(0, Math.min(next, to) - Math.max(at, from)));
  });
  return self;
}

/** Self time (µs) of each script file (the chunk) sampled between `from` and `to`. */
function workByFile(profile: CpuProfile, from: number, to: number): Map<string, number> {
  const byFile = new Map<string, number>();
  for (const [key, time] of workByFunction(profile, from, to)) {
    const file = key.includes(' ') ? key.slice(key.lastIndexOf(' ') + 1).replace(/:\d+$/, '') : key;
    byFile.set(file, (byFile.get(file) ?? 0) + time);
  }
  return byFile;
}

const top = (work: Map<string, number>, count: number, least = 5000) =>
  [...work].filter(([, time]) => time >= least).sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, time]) => `${ms(time)} ms ${name}`);

/**
 * The main thread's work in each phase as lines: its kinds (script, style, layout...) by self time, then the
 * chunks and functions that ran longest.
 */
export function summary(recorded: { trace: TraceEvent[]; profile: CpuProfile }, markAt: number, phases: Phase[]): string {
  const main = mainThread(recorded.trace, markAt);
  if (!main) return 'profile: no visit mark in the trace';
  const lines: string[] = [];
  for (const phase of phases) {
    if (phase.to <= phase.from) continue;
    const from = main.origin + phase.from * 1000;
    const to = main.origin + phase.to * 1000;
    const kinds = workByKind(main.events, from, to);
    const busy = [...kinds.values()].reduce((sum, time) => sum + time, 0);
    lines.push(`${phase.name} ${phase.from}-${phase.to} ms: main thread busy ${ms(busy)} ms`);
    lines.push(`  kinds:     ${top(kinds, 8, 3000).join(', ')}`);
    lines.push(`  chunks:    ${top(workByFile(recorded.profile, from, to), 8).join(', ')}`);
    for (const line of top(workByFunction(recorded.profile, from, to), 12, 4000)) lines.push(`  function:  ${line}`);
  }
  return lines.join('\n');
}
