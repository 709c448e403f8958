import AnsiToHtml from 'ansi-to-html';

/** Text arrives in chunks cut anywhere: complete lines are kept, the unfinished tail waits for the next chunk. */
export function appendLines(lines: string[], partial: string, text: string): { lines: string[]; partial: string } {
  const parts = (partial + text).split('\n');
  const rest = parts.pop() ?? '';
  return { lines: parts.length ? lines.concat(parts) : lines, partial: rest };
}

const converter = new AnsiToHtml({ escapeXML: true, fg: '#d9d9d9', bg: '#141414' });

/** One line as safe HTML: the text escaped first, then ANSI colours as spans (no markup from the log survives). */
export function lineHtml(line: string): string {
  return converter.toHtml(line.replace(/\r/g, ''));
}
