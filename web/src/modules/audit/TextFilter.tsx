import { Form, Input } from 'antd';

/** A plain text search field of a range search. */
export function TextFilter({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item name={name} label={label}>
      <Input allowClear placeholder={label} aria-label={label} />
    </Form.Item>
  );
}
