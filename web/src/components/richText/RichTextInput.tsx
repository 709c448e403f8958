import { lazy, Suspense } from 'react';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../../i18n';
import type { RichTextEditorProps } from './RichTextEditor';

// The editor and its texts come with the first form that needs one, never with the entry or the home page.
const RichTextEditor = lazy(async () => {
  const [editor] = await Promise.all([import('./RichTextEditor'), loadNamespaces(['richText'])]);
  return editor;
});

/** A rich-text field (notices, FAQ, tips, internal FAQ, timed mail) whose value is HTML; see RichTextEditor. */
export function RichTextInput(props: RichTextEditorProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Input.TextArea disabled rows={4} aria-label={props.label} placeholder={t('common.loading')} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
