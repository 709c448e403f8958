import { Input, Select } from 'antd';
import { useTranslate } from '../../i18n';
import type { InputProps } from '../../components/resource';
import { labelled } from '../../components/resource/labelled';
import { UserSelect } from '../users/UserSelect';
import { asReference } from '../../components/ReferenceSelect';

/** Free values typed and taken with Enter or a comma: tags. */
export function TagsInput({ id, label, value, onChange }: InputProps) {
  return (
    <Select
      {...labelled({ id, label })}
      mode="tags"
      tokenSeparators={[',']}
      open={false}
      suffixIcon={null}
      value={value as string[] | undefined}
      onChange={onChange}
      style={{ minWidth: 160, width: '100%' }}
      maxTagCount="responsive"
    />
  );
}

export const UserInput = asReference(function UserInput({ id, label, value, onChange }: InputProps) {
  return <UserSelect id={id} label={label} value={value} onChange={onChange} />;
}, '/cms/user/options');

/** Yes, no, or either; the address holds `true` / `false`. */
export function YesNoInput({ id, label, value, onChange }: InputProps) {
  const t = useTranslate();
  return (
    <Select
      {...labelled({ id, label })}
      value={value as string | undefined}
      onChange={onChange}
      options={[
        { value: 'true', label: t('common.yes') },
        { value: 'false', label: t('common.no') },
      ]}
      style={{ minWidth: 100 }}
    />
  );
}

export function LongTextInput({ id, label, value, onChange, column }: InputProps) {
  return (
    <Input.TextArea
      id={id}
      aria-label={label}
      rows={6}
      value={value as string | undefined}
      onChange={(event) => onChange?.(event.target.value)}
      count={column.form?.max !== undefined ? { show: true, max: column.form.max } : undefined}
    />
  );
}
