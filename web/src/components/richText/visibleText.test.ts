import { describe, expect, it } from 'vitest';
import shared from '../../../../tests/cases/visible_text.json';
import { visibleLength, visibleText } from './visibleText';

describe('the visible text of rich text', () => {
  it.each(shared.cases)('is what the server counts too: $html', (item: { html: string; text: string; count?: number }) => {
    expect(visibleText(item.html)).toBe(item.text);
    expect(visibleLength(item.html)).toBe(item.count ?? item.text.length);
  });
});
