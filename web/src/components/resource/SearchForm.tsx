import { useState } from 'react';
import { Badge, Button, Form } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import type { Translate } from '../../i18n';
import { useIsMobile } from '../../layout/useIsMobile';
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

/**
 * The filters of a list; searching strips empty fields (SPEC §5) and goes back to page 1. On a phone they
 * wait behind one "Filters" button (with the number in use), so the list itself comes first.
 */
export function SearchForm({ columns, filters, onSearch, t }: SearchFormProps) {
  const [form] = Form.useForm();
  const mobile = useIsMobile();
  const [opened, setOpened] = useState(false);
  // The address changed (back, a link): the form follows it; typed but unsearched text stays otherwise.
  useOnChange(JSON.stringify(filters), () => {
    form.resetFields();
    form.setFieldsValue(filters);
  });
  if (!columns.length) return null;
  const inUse = columns.filter((column) => filters[column.key] !== undefined).length;
  const toggle = mobile && (
    <Badge count={inUse} size="small">
      <Button icon={<FilterOutlined aria-hidden />} aria-expanded={opened} onClick={() => setOpened(!opened)} data-testid="filters-toggle">
        {t('resource.filters')}
      </Button>
    </Badge>
  );
  return (
    <>
      {toggle && <div style={{ marginBottom: 12 }}>{toggle}</div>}
      <Form
        form={form}
        layout={mobile ? 'vertical' : 'inline'}
        name="search"
        hidden={mobile && !opened}
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
    </>
  );
}
