import { useEffect, useRef } from 'react';
import { Button, Flex } from 'antd';
import { BoldOutlined, ItalicOutlined, OrderedListOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';

const COMMANDS = [
  { command: 'bold', icon: <BoldOutlined />, label: 'B' },
  { command: 'italic', icon: <ItalicOutlined />, label: 'I' },
  { command: 'underline', icon: <UnderlineOutlined />, label: 'U' },
  { command: 'insertUnorderedList', icon: <UnorderedListOutlined />, label: '•' },
  { command: 'insertOrderedList', icon: <OrderedListOutlined />, label: '1.' },
] as const;

/**
 * A small rich-text box (bold, italic, underline, lists) whose value is HTML. The browser's own editing does the
 * work; the server cleans whatever arrives (domain/rules/rich_text.py), so nothing here is trusted.
 */
export function RichTextInput({ id, value, onChange, label }: { id?: string; value?: string; onChange?: (html: string) => void; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  // The box is uncontrolled while typing; a value set from outside (an edit form loading) is written in.
  useEffect(() => {
    if (box.current && box.current.innerHTML !== (value ?? '')) box.current.innerHTML = value ?? '';
  }, [value]);
  const emit = () => onChange?.(box.current?.innerHTML ?? '');
  return (
    <Flex vertical gap={4}>
      <Flex gap={4} role="toolbar" aria-label={label}>
        {COMMANDS.map(({ command, icon, label: text }) => (
          <Button
            key={command}
            size="small"
            icon={icon}
            aria-label={command}
            title={text}
            onMouseDown={(event) => event.preventDefault()} // keeps the selection in the box
            onClick={() => {
              document.execCommand(command);
              emit();
            }}
          />
        ))}
      </Flex>
      <div
        id={id}
        ref={box}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        contentEditable
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        style={{ minHeight: 160, padding: 8, border: '1px solid #d9d9d9', borderRadius: 6, overflowY: 'auto' }}
      />
    </Flex>
  );
}
