import { Button, Flex, Form } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Translate } from '../../i18n';
import { useOnChange } from '../useOnChange';
import { FilterControl } from './fields';
import { stripEmpty, type FilterValue } from './listState';
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
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
          {t('resource.search')}
        </Button>
        <Button
          icon={<ReloadOutlined aria-hidden />}
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {t('resource.reset')}
        </Button>
      </Flex>
    </Form>
  );
}
