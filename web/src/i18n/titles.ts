/**
 * A title as the console's titles read: its first letter upper-case in the reader's language. Entity names are
 * written as they read inside a sentence ("Add courier"), so a title that starts with one ("courier details")
 * is capitalised here, once, for every drawer and dialog of the kit.
 */
export function asTitle(text: string, language: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const letter = String.fromCodePoint(first);
  return letter.toLocaleUpperCase(language) + text.slice(letter.length);
}
