import { describe, expect, it } from 'vitest';
import { isSensitive } from './sensitive';

describe('sensitive action buttons are flagged in the permission editor', () => {
  it.each(['ticket#merge', 'ticket#confirm', 'ticket#wont-fix', 'ticket#priority', 'user#delete', 'logistics#delete'])('%s is sensitive', (identifier) => {
    expect(isSensitive(identifier)).toBe(true);
  });

  it.each(['ticket#comment', 'ticket#watch', 'user#add', 'ticket-list', 'system-ticket'])('%s is not', (identifier) => {
    expect(isSensitive(identifier)).toBe(false);
  });
});
