import { Form } from 'antd';
import type { Translate } from '../../i18n';
import { useOnChange } from '../useOnChange';
import { FilterControl } from './fields';
import { stripEmpty, type FilterValue } from './listState';
import { SearchButtons } from './SearchButtons';
import type { Column, Row } from './types';

interface SearchFormProps {
  columns: Column<Row>[];
  filters: Record<string, FilterValue>;
  onSearch: (filters: Record<string, FilterValue>) => void;
  t: Translate;
}

/** The filters of a list; searching strips empty fields (SPEC §5) and goes back to page 1. */
export function SearchForm({ columns, filters, onSearch, t }: SearchFormProps) {
  const [form] = Form.useForm();
  // The address changed (back, a link): the form follows it; typed but unsearched text stays otherwise.
  useOnChange(JSON.stringify(filters), () => {
    form.resetFields();
    form.setFieldsValue(filters);
  });
  if (!columns.length) return null;
  return (
    <Form
      form={form}
      layout="inline"
      name="search"
      onFinish={(values: Record<string, FilterValue>) => onSearch(stripEmpty(values) as Record<string, FilterValue>)}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {columns.map((column) => {
        const label = t(column.title);
        return (
          <Form.Item key={column.key} name={column.key} label={label}>
            <FilterControl column={column} label={label} />
          </Form.Item>
        );
      })}
      <SearchButtons
        t={t}
        onReset={() => {
          form.resetFields();
          onSearch({});
        }}
      />
    </Form>
  );
}
