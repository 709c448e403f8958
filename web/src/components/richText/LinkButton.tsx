import { useState } from 'react';
import { Button, Form, Input, Modal, Tooltip } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { useTranslate } from '../../i18n';

interface LinkValues {
  text: string;
  href: string;
}

/** What the dialog starts from: the selected text, or the whole link the cursor stands in. */
function current(editor: Editor): LinkValues {
  if (editor.isActive('link')) editor.chain().extendMarkRange('link').run();
  const { from, to } = editor.state.selection;
  return { text: editor.state.doc.textBetween(from, to, ' '), href: String(editor.getAttributes('link').href ?? '') };
}

/**
 * A link is written as its text plus an address (SPEC §5 tips): the dialog asks for both and refuses an address
 * that does not start as `pattern` says; the text replaces the selection, linked.
 */
export function LinkButton({ editor, pattern, hint }: { editor: Editor; pattern: RegExp; hint?: string }) {
  const t = useTranslate(['richText']);
  const [form] = Form.useForm<LinkValues>();
  const [open, setOpen] = useState(false);
  const start = () => {
    form.setFieldsValue(current(editor));
    setOpen(true);
  };
  const save = ({ text, href }: LinkValues) => {
    editor
      .chain()
      .focus()
      .insertContent({ type: 'text', text: text.trim(), marks: [{ type: 'link', attrs: { href: href.trim() } }] })
      .run();
    setOpen(false);
  };
  return (
    <>
      <Tooltip title={t('link')}>
        <Button size="small" type="text" icon={<LinkOutlined />} aria-label={t('link')} onMouseDown={(event) => event.preventDefault()} onClick={start} />
      </Tooltip>
      <Modal
        title={t('link')}
        open={open}
        okText={t('linkSave')}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        forceRender
      >
        <Form form={form} layout="vertical" name="rich-text-link" onFinish={save}>
          <Form.Item name="text" label={t('linkText')} rules={[{ required: true, whitespace: true, message: t('linkTextRequired') }]}>
            <Input aria-label={t('linkText')} />
          </Form.Item>
          <Form.Item
            name="href"
            label={t('linkAddress')}
            extra={hint}
            rules={[
              { required: true, whitespace: true, message: t('linkAddressRequired') },
              { validator: async (_, href: string | undefined) => {
                if (href?.trim() && !pattern.test(href.trim())) throw new Error(t('linkAddressRule', { allowed: hint ?? 'http://, https://, mailto:' }));
              } },
            ]}
          >
            <Input aria-label={t('linkAddress')} placeholder="https://" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
