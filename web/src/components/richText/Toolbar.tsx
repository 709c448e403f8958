import type { ReactNode } from 'react';
import { Button, Divider, Flex, Tooltip } from 'antd';
import {
  BoldOutlined, ClearOutlined, DisconnectOutlined, FontSizeOutlined, ItalicOutlined, OrderedListOutlined, RedoOutlined,
  StrikethroughOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined,
} from '@ant-design/icons';
import { useEditorState, type Editor } from '@tiptap/react';
import { useTranslate } from '../../i18n';
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
const ALL = [...MARKS, ...BLOCKS, ...AFTER_LINK, ...HISTORY];

/** Which buttons are pressed and which can be used, re-read on each change of the editor's state. */
function useCommandState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(ALL.map((command) => [command.key, { active: command.active?.(current) ?? false, enabled: command.enabled?.(current) ?? true }])),
  });
}

/** The editor's buttons; each keeps the selection (mouse down does not take the focus from the text). */
export function Toolbar({ editor, label, linkPattern, linkHint }: { editor: Editor; label: string; linkPattern: RegExp; linkHint?: string }) {
  const t = useTranslate(['richText']);
  const state = useCommandState(editor);
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
      <Divider orientation="vertical" />
      {HISTORY.map(button)}
    </Flex>
  );
}
