import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { elapsedDisplay, elapsedText } from './elapsed';

describe('SPEC §9: "Elapsed-time display: up to 300 minutes as minutes, under 4320 as hours, otherwise days"', () => {
  it.each([
    [0, 0, 'minutes'],
    [59.9, 59, 'minutes'],
    [300, 300, 'minutes'],
    [301, 5, 'hours'],
    [359, 5, 'hours'],
    [4319, 71, 'hours'],
    [4320, 3, 'days'],
    [10_000, 6, 'days'],
  ])('%s minutes show as %s %s', (minutes, value, unit) => {
    expect(elapsedDisplay(minutes)).toEqual({ value, unit });
  });

  it('never shows a negative amount', () => {
    expect(elapsedDisplay(-5)).toEqual({ value: 0, unit: 'minutes' });
  });
});

describe('elapsed amounts in words', () => {
  it.each([
    ['en', 1, '1 minute'],
    ['en', 2, '2 minutes'],
    ['en', 1, '1 hour'],
    ['zh-CN', 1, '1 分钟'],
    ['id', 1, '1 menit'],
  ])('%s: %s reads "%s"', async (language, count, expected) => {
    const { default: messages } = (await import(`../locales/${language}.json`)) as { default: object };
    i18n.addResourceBundle(language, 'tickets', messages, true, true);
    const unit = expected.includes('hour') ? 'hours' : 'minutes';
    const t = i18n.getFixedT(language, 'tickets' as never);
    expect(elapsedText(t as never, { value: count, unit })).toBe(expected);
  });
});
