import AnsiToHtml from 'ansi-to-html';

/**
 * A log's lines, grown in place: appending a chunk costs its own lines, not a copy of the whole log (a 30 MB
 * log is about 300,000 lines). `version` changes with every change, for a component to re-render on.
 */
export class LineBuffer {
  readonly lines: string[] = [];
  private partial = '';
  version = 0;

  append(text: string): void {
    const parts = (this.partial + text).split('\n');
    this.partial = parts.pop() ?? '';
    for (const line of parts) this.lines.push(line);
    this.version += 1;
  }

  /** Earlier chunks, put before what is there (they end on a line break: runners cut chunks at line ends). */
  prepend(text: string): void {
    const parts = text.split('\n');
    if (parts.at(-1) === '') parts.pop();
    this.lines.unshift(...parts);
    this.version += 1;
  }

  /** The run ended: an unfinished last line is a line too. */
  finish(): void {
    if (this.partial) this.lines.push(this.partial);
    this.partial = '';
    this.version += 1;
  }
}

const converter = new AnsiToHtml({ escapeXML: true, fg: '#d9d9d9', bg: '#141414' });
const CACHE_SIZE = 4000;
const cache = new Map<string, string>();

/** One line as safe HTML: the text escaped first, then ANSI colours as spans (no markup from the log survives).
 * Kept for the lines last shown, so scrolling back and forth converts nothing twice. */
export function lineHtml(line: string): string {
  const known = cache.get(line);
  if (known !== undefined) return known;
  const html = converter.toHtml(line.replace(/\r/g, ''));
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(line, html);
  return html;
}
