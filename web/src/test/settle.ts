/**
 * No work scheduled by a test file may run after the file: a timer of a query client, an Ant Design
 * notification closing itself, or a React render queued with setImmediate would run in the next file sharing
 * the window (vitest.config.ts), or after the worker's environment is torn down, where it meets a missing
 * `window` ("ReferenceError: window is not defined") and fails the run, on a busy machine more than on an idle
 * one. Every timer, interval, immediate and animation frame is remembered until it runs or is cleared;
 * `settle()` lets what is due now run while the window still exists, then cancels the rest.
 */
type Handle = ReturnType<typeof setTimeout> | ReturnType<typeof setInterval> | ReturnType<typeof setImmediate>;

const pending = new Map<Handle, (handle: Handle) => void>();
// Work queued to run now rather than later: React's scheduler runs a render in slices of a few ms, each queuing the
// next with setImmediate. Such work is let run to its end, never cancelled: the scheduler would go on believing
// its loop runs and never render again, and the files after this one share it (vitest.config.ts).
const immediates = new Map<Handle, (handle: Handle) => void>();
// A bound on that, so a loop that never ends fails the file instead of hanging it.
const MOST_TURNS = 1000;
// The platform's own functions, kept on the global object: should a worker load this module again, its
// bookkeeping wraps them and not the earlier wrappers.
const REAL = Symbol.for('omp.test.realTimers');
const holder = globalThis as typeof globalThis & { [REAL]?: typeof platform };
const platform = {
  setTimeout: globalThis.setTimeout,
  clearTimeout: globalThis.clearTimeout,
  setInterval: globalThis.setInterval,
  clearInterval: globalThis.clearInterval,
  setImmediate: globalThis.setImmediate,
  clearImmediate: globalThis.clearImmediate,
  requestAnimationFrame: window.requestAnimationFrame.bind(window),
  cancelAnimationFrame: window.cancelAnimationFrame.bind(window),
};
const real = (holder[REAL] ??= platform);

// Animation frames are cancelled through cancelAnimationFrame, not by clearing jsdom's frame timer beneath them:
// jsdom counts the frames it owes and would never start that timer again, so no later file would get a frame.
const frames = new Set<number>();

function track<A extends unknown[]>(
  schedule: (callback: (...args: A) => void, ...rest: never[]) => Handle,
  clear: (handle: Handle) => void,
  repeats: boolean,
  queue: Map<Handle, (handle: Handle) => void> = pending,
) {
  return (callback: (...args: A) => void, ...rest: never[]): Handle => {
    const handle = schedule((...args: A) => {
      if (!repeats) queue.delete(handle);
      callback(...args);
    }, ...rest);
    queue.set(handle, clear);
    return handle;
  };
}

function untrack(clear: (handle: Handle) => void) {
  return (handle: Handle | undefined) => {
    if (handle !== undefined) {
      pending.delete(handle);
      immediates.delete(handle);
    }
    clear(handle as Handle);
  };
}

/** Installs the bookkeeping; the set-up file imports this module first, before anything schedules work. */
function trackScheduledWork(): void {
  Object.assign(globalThis, {
    setTimeout: track(real.setTimeout as never, real.clearTimeout as never, false),
    clearTimeout: untrack(real.clearTimeout as never),
    setInterval: track(real.setInterval as never, real.clearInterval as never, true),
    clearInterval: untrack(real.clearInterval as never),
    setImmediate: track(real.setImmediate as never, real.clearImmediate as never, false, immediates),
    clearImmediate: untrack(real.clearImmediate as never),
  });
}

function trackAnimationFrames(): void {
  const requestAnimationFrame = (callback: FrameRequestCallback): number => {
    const handle = real.requestAnimationFrame((time) => {
      frames.delete(handle);
      callback(time);
    });
    frames.add(handle);
    return handle;
  };
  const cancelAnimationFrame = (handle: number): void => {
    frames.delete(handle);
    real.cancelAnimationFrame(handle);
  };
  // The page's own and the global names that vitest copied from it.
  Object.assign(window, { requestAnimationFrame, cancelAnimationFrame });
  Object.assign(globalThis, { requestAnimationFrame, cancelAnimationFrame });
}

trackScheduledWork();
trackAnimationFrames();

/**
 * Lets the work already due run (React's queued renders) until none is queued, then cancels everything still
 * waiting for a later time.
 */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 3 || immediates.size > 0; turn += 1) {
    if (turn === MOST_TURNS) throw new Error(`work queued to run now was still queuing more after ${MOST_TURNS} turns`);
    await new Promise((resolve) => real.setImmediate(resolve));
    await new Promise((resolve) => real.setTimeout(resolve, 0));
  }
  for (const frame of frames) real.cancelAnimationFrame(frame);
  frames.clear();
  for (const [handle, clear] of pending) clear(handle);
  pending.clear();
}
