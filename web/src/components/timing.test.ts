import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { message } from 'antd';
import { copyText, COPY_THROTTLE_MS } from './copy';
import { throttle } from './timing';

afterEach(() => {
  message.destroy();
  vi.useRealTimers();
});

describe('throttle', () => {
  it('acts on the first call and ignores calls within the window', () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const act = throttle((n: number) => seen.push(n), 100);
    act(1);
    act(2);
    vi.advanceTimersByTime(99);
    act(3);
    vi.advanceTimersByTime(1);
    act(4);
    expect(seen).toEqual([1, 4]);
  });
});

describe('copy (SPEC §9: "copy action throttled at 100 ms"; §8: \'Copy Succeeded\')', () => {
  it('copies once for a double click and says Copy Succeeded', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    expect(COPY_THROTTLE_MS).toBe(100);

    copyText('TX-1');
    copyText('TX-1');

    // antd renders its message lazily; a loaded machine needs more than the 1 s default
    expect(await screen.findByText('Copy Succeeded')).toBeTruthy();
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText).toHaveBeenCalledWith('TX-1');
    vi.unstubAllGlobals();
  });
});

describe('debounce', () => {
  it('runs once, with the last arguments, after calls stop', async () => {
    const { debounce } = await import('./timing');
    vi.useFakeTimers();
    const seen: string[] = [];
    const save = debounce((value: string) => seen.push(value), 2000);
    save('a');
    vi.advanceTimersByTime(1500);
    save('b');
    vi.advanceTimersByTime(1999);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['b']);
  });
});
