import type { ReactNode } from 'react';
import { Button, Divider, Flex, Tooltip } from 'antd';
import {
  BoldOutlined, ClearOutlined, DeleteColumnOutlined, DeleteOutlined, DeleteRowOutlined, DisconnectOutlined, FontSizeOutlined,
  InsertRowBelowOutlined, InsertRowRightOutlined, ItalicOutlined, OrderedListOutlined, RedoOutlined, StrikethroughOutlined,
  TableOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined,
} from '@ant-design/icons';
import { useEditorState, type Editor } from '@tiptap/react';
import { useTranslate } from '../../i18n';
import { ImageButton, type ImageUpload } from './ImageButton';
import { LinkButton } from './LinkButton';

interface Command {
  key: string;
  icon: ReactNode;
  run: (editor: Editor) => void;
  active?: (editor: Editor) => boolean;
  enabled?: (editor: Editor) => boolean;
}

const chain = (editor: Editor) => editor.chain().focus();
const MARKS: Command[] = [
  { key: 'bold', icon: <BoldOutlined />, run: (e) => chain(e).toggleBold().run(), active: (e) => e.isActive('bold') },
  { key: 'italic', icon: <ItalicOutlined />, run: (e) => chain(e).toggleItalic().run(), active: (e) => e.isActive('italic') },
  { key: 'underline', icon: <UnderlineOutlined />, run: (e) => chain(e).toggleUnderline().run(), active: (e) => e.isActive('underline') },
  { key: 'strike', icon: <StrikethroughOutlined />, run: (e) => chain(e).toggleStrike().run(), active: (e) => e.isActive('strike') },
];
const BLOCKS: Command[] = [
  { key: 'heading', icon: <FontSizeOutlined />, run: (e) => chain(e).toggleHeading({ level: 3 }).run(), active: (e) => e.isActive('heading') },
  { key: 'bulletList', icon: <UnorderedListOutlined />, run: (e) => chain(e).toggleBulletList().run(), active: (e) => e.isActive('bulletList') },
  { key: 'orderedList', icon: <OrderedListOutlined />, run: (e) => chain(e).toggleOrderedList().run(), active: (e) => e.isActive('orderedList') },
];
const AFTER_LINK: Command[] = [
  { key: 'unlink', icon: <DisconnectOutlined />, run: (e) => chain(e).extendMarkRange('link').unsetLink().run(), enabled: (e) => e.isActive('link') },
  { key: 'clear', icon: <ClearOutlined />, run: (e) => chain(e).unsetAllMarks().clearNodes().run() },
];
const HISTORY: Command[] = [
  { key: 'undo', icon: <UndoOutlined />, run: (e) => chain(e).undo().run(), enabled: (e) => e.can().undo() },
  { key: 'redo', icon: <RedoOutlined />, run: (e) => chain(e).redo().run(), enabled: (e) => e.can().redo() },
];
// Only in an editor with tables (the table extension's commands exist there alone).
const TABLE: Command[] = [
  { key: 'table', icon: <TableOutlined />, run: (e) => chain(e).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(), enabled: (e) => !e.isActive('table') },
  { key: 'rowAfter', icon: <InsertRowBelowOutlined />, run: (e) => chain(e).addRowAfter().run(), enabled: (e) => e.can().addRowAfter() },
  { key: 'columnAfter', icon: <InsertRowRightOutlined />, run: (e) => chain(e).addColumnAfter().run(), enabled: (e) => e.can().addColumnAfter() },
  { key: 'deleteRow', icon: <DeleteRowOutlined />, run: (e) => chain(e).deleteRow().run(), enabled: (e) => e.can().deleteRow() },
  { key: 'deleteColumn', icon: <DeleteColumnOutlined />, run: (e) => chain(e).deleteColumn().run(), enabled: (e) => e.can().deleteColumn() },
  { key: 'deleteTable', icon: <DeleteOutlined />, run: (e) => chain(e).deleteTable().run(), enabled: (e) => e.can().deleteTable() },
];
const ALL = [...MARKS, ...BLOCKS, ...AFTER_LINK, ...HISTORY];

/** Which buttons are pressed and which can be used, re-read on each change of the editor's state. */
function useCommandState(editor: Editor, commands: Command[]) {
  return useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(commands.map((command) => [command.key, { active: command.active?.(current) ?? false, enabled: command.enabled?.(current) ?? true }])),
  });
}

interface ToolbarProps {
  editor: Editor;
  label: string;
  linkPattern: RegExp;
  linkHint?: string;
  /** Offer images, stored through this upload. */
  uploadImage?: ImageUpload;
  /** Offer tables. */
  tables?: boolean;
}

/** The editor's buttons; each keeps the selection (mouse down does not take the focus from the text). */
export function Toolbar({ editor, label, linkPattern, linkHint, uploadImage, tables }: ToolbarProps) {
  const t = useTranslate(['richText']);
  const state = useCommandState(editor, tables ? [...ALL, ...TABLE] : ALL);
  const button = (command: Command) => (
    <Tooltip key={command.key} title={t(command.key)}>
      <Button
        size="small"
        type={state[command.key]?.active ? 'primary' : 'text'}
        icon={command.icon}
        aria-label={t(command.key)}
        aria-pressed={command.active ? Boolean(state[command.key]?.active) : undefined}
        disabled={!state[command.key]?.enabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => command.run(editor)}
      />
    </Tooltip>
  );
  return (
    <Flex gap={2} wrap align="center" role="toolbar" aria-label={label} className="rich-text-toolbar">
      {MARKS.map(button)}
      <Divider orientation="vertical" />
      {BLOCKS.map(button)}
      <Divider orientation="vertical" />
      <LinkButton editor={editor} pattern={linkPattern} hint={linkHint} />
      {AFTER_LINK.map(button)}
      {(uploadImage || tables) && <Divider orientation="vertical" />}
      {uploadImage && <ImageButton editor={editor} upload={uploadImage} />}
      {tables && TABLE.map(button)}
      <Divider orientation="vertical" />
      {HISTORY.map(button)}
    </Flex>
  );
}
