import { describe, expect, it } from 'vitest';
import { settle } from './settle';

describe('work left behind by a test file', () => {
  it('runs if it is due now, and is cancelled if it would run later, after the file is torn down', async () => {
    const ran: string[] = [];
    setImmediate(() => ran.push('immediate'));
    setTimeout(() => ran.push('due now'), 0);
    setTimeout(() => ran.push('later'), 300);
    setInterval(() => ran.push('every 100 ms'), 100);
    await settle();
    expect(ran.sort()).toEqual(['due now', 'immediate']);
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      setTimeout(done, 500); // scheduled after settle(): not cancelled by it
    });
    expect(ran.sort()).toEqual(['due now', 'immediate']);
  });

  it('lets work queued to run now go on to its end, however many slices it takes', async () => {
    // React's scheduler renders in slices, each queuing the next; cut off, it would never render again
    let slices = 0;
    const slice = () => {
      slices += 1;
      if (slices < 20) setImmediate(slice);
    };
    setImmediate(slice);
    await settle();
    expect(slices).toBe(20);
  });

  it('forgets what ran or was cleared', async () => {
    const kept = setTimeout(() => undefined, 10_000);
    clearTimeout(kept);
    await settle(); // nothing to cancel: no error from a handle cleared twice
  });
});

describe('animation frames left behind by a test file', () => {
  it('are cancelled, and frames asked for afterwards still come', async () => {
    let ran = 0;
    requestAnimationFrame(() => (ran += 1)); // may run while settle() lets what is due run
    await settle();
    const ranBySettle = ran;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toBe(ranBySettle); // not after settle() has returned
    await new Promise((resolve) => requestAnimationFrame(resolve)); // hangs if jsdom's frame timer was cleared
  });
});
