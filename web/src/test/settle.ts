/**
 * No work scheduled by a test file may run after the file's environment is torn down: a timer of a query
 * client, an Ant Design notification closing itself, or a React render queued with setImmediate would then
 * meet a missing `window` ("ReferenceError: window is not defined") and fail the run, on a busy machine more
 * than on an idle one. Every timer, interval and immediate is remembered until it runs or is cleared;
 * `settle()` lets what is due now run while the window still exists, then cancels the rest.
 */
type Handle = ReturnType<typeof setTimeout> | ReturnType<typeof setInterval> | ReturnType<typeof setImmediate>;

const pending = new Map<Handle, (handle: Handle) => void>();
// The platform's own functions, kept across test files (a worker runs several, each loading this module anew),
// so each file's bookkeeping wraps them and not the previous file's wrappers.
const REAL = Symbol.for('omp.test.realTimers');
const holder = globalThis as typeof globalThis & { [REAL]?: typeof platform };
const platform = {
  setTimeout: globalThis.setTimeout,
  clearTimeout: globalThis.clearTimeout,
  setInterval: globalThis.setInterval,
  clearInterval: globalThis.clearInterval,
  setImmediate: globalThis.setImmediate,
  clearImmediate: globalThis.clearImmediate,
};
const real = (holder[REAL] ??= platform);

function track<A extends unknown[]>(
  schedule: (callback: (...args: A) => void, ...rest: never[]) => Handle,
  clear: (handle: Handle) => void,
  repeats: boolean,
) {
  return (callback: (...args: A) => void, ...rest: never[]): Handle => {
    const handle = schedule((...args: A) => {
      if (!repeats) pending.delete(handle);
      callback(...args);
    }, ...rest);
    pending.set(handle, clear);
    return handle;
  };
}

function untrack(clear: (handle: Handle) => void) {
  return (handle: Handle | undefined) => {
    if (handle !== undefined) pending.delete(handle);
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
    setImmediate: track(real.setImmediate as never, real.clearImmediate as never, false),
    clearImmediate: untrack(real.clearImmediate as never),
  });
}

trackScheduledWork();

/** Lets the work already due run (React's queued renders), then cancels everything still waiting. */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 3; turn += 1) {
    await new Promise((resolve) => real.setImmediate(resolve));
    await new Promise((resolve) => real.setTimeout(resolve, 0));
  }
  for (const [handle, clear] of pending) clear(handle);
  pending.clear();
}
