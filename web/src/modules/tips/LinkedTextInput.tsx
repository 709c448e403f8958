import type { InputProps } from '../../components/resource';
import { RichTextInput } from '../../components/richText/RichTextInput';

/** SPEC §5: a link in a tip is written as text plus an address starting with http:// or {host}. */
export const LINK_START = /^(https?:\/\/|\{host\}\/)/;

/** The tip's text; its link dialog takes only the addresses a tip may have (checked again by the server). */
export function LinkedTextInput({ id, label, value, onChange }: InputProps) {
  return (
    <RichTextInput id={id} label={label} value={value as string | undefined} onChange={onChange} linkPattern={LINK_START} linkHint="http://… / https://… / {host}/…" />
  );
}
