import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import type { InputProps } from '../../components/resource';
import { HtmlInput } from '../../components/RichText';
import { useTranslate } from '../../i18n';

/** SPEC §5: a link in a tip is written as text plus an address starting with http:// or {host}. */
export const LINK_START = /^(https?:\/\/|\{host\})/;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The tip's text, and a link added as its text and address (checked here and again by the server). */
export function LinkedTextInput(props: InputProps) {
  const t = useTranslate(['tips']);
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const ready = text.trim() !== '' && LINK_START.test(url.trim());
  const add = () => {
    const current = (props.value as string | undefined) ?? '';
    props.onChange?.(`${current}${current ? ' ' : ''}<a href="${escape(url.trim())}">${escape(text.trim())}</a>`);
    setText('');
    setUrl('');
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <HtmlInput {...props} />
      <Space.Compact style={{ width: '100%' }}>
        <Input aria-label={t('linkText')} placeholder={t('linkText')} value={text} onChange={(e) => setText(e.target.value)} />
        <Input
          aria-label={t('linkUrl')}
          placeholder="http://… / {host}/…"
          value={url}
          status={url && !LINK_START.test(url.trim()) ? 'error' : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Button icon={<LinkOutlined />} disabled={!ready} onClick={add}>
          {t('addLink')}
        </Button>
      </Space.Compact>
    </Space>
  );
}
