import { describe, expect, it } from 'vitest';
import { appendLines, lineHtml } from './logLines';

describe('log lines', () => {
  it('keeps an unfinished line until its end arrives in a later chunk', () => {
    const a = appendLines([], '', 'one\ntw');
    expect(a).toEqual({ lines: ['one'], partial: 'tw' });
    expect(appendLines(a.lines, a.partial, 'o\nthree\n')).toEqual({ lines: ['one', 'two', 'three'], partial: '' });
  });

  it('shows ANSI colours as spans and never the markup a log line carries', () => {
    const html = lineHtml('\u001b[32mdone\u001b[0m <script>alert(1)</script>');
    expect(html).toContain('<span style="color:#0A0">done</span>');
    expect(html).not.toContain('<script>');
  });
});
