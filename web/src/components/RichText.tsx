/**
 * HTML the server has already sanitised (domain/rules/rich_text.py, nh3): shown as written. Only ever give it
 * text read back from the API, never what a user is typing. (The editor is richText/RichTextInput.)
 */
export function HtmlView({ html, testId }: { html: string; testId?: string }) {
  return <div className="rich-text" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
