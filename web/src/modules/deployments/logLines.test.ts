import { describe, expect, it } from 'vitest';
import { LineBuffer, lineHtml } from './logLines';

describe('log lines', () => {
  it('keeps an unfinished line until its end arrives in a later chunk', () => {
    const buffer = new LineBuffer();
    buffer.append('one\ntw');
    expect(buffer.lines).toEqual(['one']);
    buffer.append('o\nthree\n');
    expect(buffer.lines).toEqual(['one', 'two', 'three']);
    buffer.append('last without a break');
    buffer.finish();
    expect(buffer.lines).toEqual(['one', 'two', 'three', 'last without a break']);
  });

  it('puts earlier chunks before the lines it holds and grows in place', () => {
    const buffer = new LineBuffer();
    const lines = buffer.lines;
    buffer.append('c\nd\n');
    const version = buffer.version;
    buffer.prepend('a\nb\n');
    expect(buffer.lines).toEqual(['a', 'b', 'c', 'd']);
    expect(buffer.lines).toBe(lines);
    expect(buffer.version).toBeGreaterThan(version);
  });

  it('shows ANSI colours as spans and never the markup a log line carries', () => {
    const html = lineHtml('\u001b[32mdone\u001b[0m <script>alert(1)</script>');
    expect(html).toContain('<span style="color:#0A0">done</span>');
    expect(html).not.toContain('<script>');
    expect(lineHtml('\u001b[32mdone\u001b[0m <script>alert(1)</script>')).toBe(html);
  });
});
