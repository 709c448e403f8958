import { lazy, Suspense, type ReactNode } from 'react';
import { Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnumOptions } from './enums';
import type { InputProps } from './types';
import { filterOptions } from './types';
import { labelled, SEARCH_BY_LABEL } from './labelled';

const dateControls = () => import('./DateControls');
const DateRangeFilter = lazy(async () => ({ default: (await dateControls()).DateRangeFilter }));
const DateField = lazy(async () => ({ default: (await dateControls()).DateField }));
// The lists are on the first page after login; the rich-text field waits for a form that has one.
const RichTextInput = lazy(async () => ({ default: (await import('../richText/RichTextInput')).RichTextInput }));

type ControlProps = InputProps;

function EnumSelect({ column, label, multiple, maxCount, id, value, onChange, disabled }: ControlProps & { multiple?: boolean; maxCount?: number }) {
  const options = useEnumOptions(column.enum);
  return (
    <Select
      {...labelled({ id, label })}
      value={value as string | string[] | undefined}
      onChange={onChange}
      disabled={disabled}
      mode={multiple ? 'multiple' : undefined}
      maxCount={maxCount}
      showSearch={SEARCH_BY_LABEL}
      options={options}
      style={{ minWidth: 160 }}
      maxTagCount="responsive"
    />
  );
}

/** A yes/no filter: either answer, or none (cleared); the address keeps `true` or `false`. */
function YesNoSelect({ label, id, value, onChange }: ControlProps) {
  const { t } = useTranslation();
  return (
    <Select
      {...labelled({ id, label })}
      value={value as string | undefined}
      onChange={onChange}
      allowClear
      options={[{ value: 'true', label: t('common.yes') }, { value: 'false', label: t('common.no') }]}
      style={{ minWidth: 120 }}
    />
  );
}

const lazily = (node: ReactNode) => <Suspense fallback={<Input disabled />}>{node}</Suspense>;

/** The search-form control of a filter column. */
export function FilterControl(props: ControlProps) {
  const { column, label, value, onChange, id } = props;
  const Own = filterOptions(column)?.input;
  if (Own) return <Own {...props} />;
  if (column.type === 'enum') return <EnumSelect {...props} multiple={filterOptions(column)?.multiple} />;
  if (column.type === 'boolean') return <YesNoSelect {...props} />;
  if (column.type === 'date' || column.type === 'datetime') {
    return lazily(<DateRangeFilter value={value as string[] | undefined} onChange={onChange} withTime={column.type === 'datetime'} />);
  }
  return <Input {...labelled({ id, label })} value={value as string | undefined} onChange={(event) => onChange?.(event.target.value)} />;
}

/** The create/edit form control of a form column. */
export function FormControl(props: ControlProps) {
  const { column, label, value, onChange, id, disabled } = props;
  const Own = column.form?.input;
  if (Own) return <Own {...props} />;
  switch (column.type) {
    case 'enum':
      return column.form?.multiple ? <EnumSelect {...props} multiple maxCount={column.form.max} /> : <EnumSelect {...props} />;
    case 'number':
    case 'currency':
      return <InputNumber id={id} aria-label={label} disabled={disabled} style={{ width: '100%' }} value={value as number | undefined} onChange={onChange} />;
    case 'boolean':
      return <Switch id={id} aria-label={label} disabled={disabled} checked={Boolean(value)} onChange={onChange} />;
    case 'html':
      return lazily(<RichTextInput id={id} label={label} value={value as string | undefined} onChange={onChange} max={column.form?.max} />);
    case 'date':
    case 'datetime':
      return lazily(<DateField value={value as string | undefined} onChange={onChange} withTime={column.type === 'datetime'} />);
    default:
      return (
        <Input
          id={id}
          aria-label={label}
          disabled={disabled}
          value={value as string | undefined}
          onChange={(event) => onChange?.(event.target.value)}
          count={column.form?.max !== undefined ? { show: true, max: column.form.max } : undefined}
        />
      );
  }
}
