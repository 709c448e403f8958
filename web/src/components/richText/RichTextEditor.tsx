import { useEffect, useRef } from 'react';
import { Flex, Typography } from 'antd';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import type { ImageUpload } from './ImageButton';
import { useTranslate } from '../../i18n';
import { Toolbar } from './Toolbar';
import { visibleLength } from './visibleText';
import './editor.css';

/** Addresses a link may have unless a field says otherwise: the absolute ones the server keeps (rich_text.py). */
export const ABSOLUTE_LINK = /^(https?:\/\/|mailto:)/i;

export interface RichTextEditorProps {
  id?: string;
  label: string;
  value?: string;
  onChange?: (html: string) => void;
  /** At most this many characters as the reader sees them (the counter turns red past it). */
  max?: number;
  /** What a link's address must start with; the link dialog refuses any other. */
  linkPattern?: RegExp;
  /** Shown under the counter: what the address of a link may start with (`http://… / {host}/…`). */
  linkHint?: string;
  /** Images may be inserted: each is stored by this upload first and written as a link to it. */
  uploadImage?: ImageUpload;
  /** Tables may be inserted. */
  tables?: boolean;
}

/**
 * The console's rich-text editor (TipTap): paragraphs, headings, bold, italic, underline, strike, lists, quotes
 * and links; images and tables where the field asks for them (timed mail). Its value is HTML, '' when empty so a required rule sees nothing; the server cleans whatever arrives
 * (domain/rules/rich_text.py), so nothing here is trusted. Loaded on demand (RichText.tsx), never with the entry.
 */
export default function RichTextEditor({ id, label, value, onChange, max, linkPattern = ABSOLUTE_LINK, linkHint, uploadImage, tables }: RichTextEditorProps) {
  const t = useTranslate(['richText']);
  // The last HTML this editor emitted: a value equal to it is its own echo, not a new value to load.
  const emitted = useRef<string | undefined>(undefined);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        trailingNode: false, // no empty paragraph stored after a closing list
        link: { openOnClick: false, autolink: false, isAllowedUri: (url) => linkPattern.test(url) },
      }),
      // A data: image (a paste) is not parsed: an image is always a link to a stored file.
      ...(uploadImage ? [Image.configure({ allowBase64: false })] : []),
      ...(tables ? [TableKit.configure({ table: { resizable: false } })] : []),
    ],
    content: value ?? '',
    editorProps: {
      attributes: { ...(id ? { id } : {}), role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, class: 'rich-text rich-text-editor' },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      emitted.current = html;
      onChange?.(html);
    },
  });

  // A value set from outside (an edit form loading its record, a reset) replaces the content.
  useEffect(() => {
    const next = value ?? '';
    // Hidden and shown again by a Suspense boundary, the effect runs once more with the editor TipTap destroyed
    // on hiding (its replacement is built from the current value).
    if (editor.isDestroyed || next === emitted.current) return;
    emitted.current = next;
    if (next !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  const count = visibleLength(value ?? '');
  return (
    <Flex vertical gap={4} className="rich-text-field">
      <Toolbar editor={editor} label={label} linkPattern={linkPattern} linkHint={linkHint} uploadImage={uploadImage} tables={tables} />
      <EditorContent editor={editor} />
      {max !== undefined && (
        <Typography.Text type={count > max ? 'danger' : 'secondary'} data-testid="rich-text-count" style={{ alignSelf: 'flex-end' }}>
          {t('counter', { shown: count, max })}
        </Typography.Text>
      )}
    </Flex>
  );
}
