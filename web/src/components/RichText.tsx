import { Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InputProps } from './resource';

/**
 * HTML the server has already sanitised (domain/rules/rich_text.py, nh3): shown as written. Only ever give it
 * text read back from the API, never what a user is typing.
 */
export function HtmlView({ html, testId }: { html: string; testId?: string }) {
  return <div className="rich-text" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A rich-text field as HTML source; the server cleans it on save and the list shows the result. */
export function HtmlInput({ id, label, value, onChange, column }: InputProps) {
  const { t } = useTranslation();
  return (
    <>
      <Input.TextArea
        id={id}
        aria-label={label}
        value={value as string | undefined}
        onChange={(event) => onChange?.(event.target.value)}
        autoSize={{ minRows: 3, maxRows: 10 }}
        count={column.form?.max !== undefined ? { show: true, max: column.form.max } : undefined}
      />
      <Typography.Text type="secondary">{t('richText.hint')}</Typography.Text>
    </>
  );
}
