/**
 * The text a reader sees of rich text, defined as the server defines it (domain/rules/rich_text.py visible_text):
 * tags removed, entities decoded, nothing added between blocks, the content of script, style, svg and math left
 * out. tests/cases/visible_text.json holds the cases both sides pass.
 */
const HIDDEN = 'script, style, svg, math';

export function visibleText(html: string): string {
  if (!html) return '';
  // A template parses as a fragment without running scripts or loading images.
  const template = document.createElement('template');
  template.innerHTML = html;
  template.content.querySelectorAll(HIDDEN).forEach((element) => element.remove());
  return template.content.textContent ?? '';
}

/** Characters as the server counts them: Unicode code points (an emoji is one, not two UTF-16 units). */
export function visibleLength(html: string): number {
  return [...visibleText(html)].length;
}
