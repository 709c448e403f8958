import { TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { pickedId } from '../users/pickedIds';
import { departmentTreeQuery, type DepartmentNode } from './api';

interface DepartmentSelectProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  label: string;
}

interface Option {
  value: number;
  title: string;
  children: Option[];
}

const options = (nodes: readonly DepartmentNode[]): Option[] =>
  nodes.map((node) => ({ value: node.id, title: node.name, children: options(node.children ?? []) }));

/** A department picked in the department tree. */
export function DepartmentSelect({ value, onChange, id, label }: DepartmentSelectProps) {
  const { data = [], isFetching } = useQuery(departmentTreeQuery);
  return (
    <TreeSelect
      id={id}
      aria-label={label}
      placeholder={label}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      loading={isFetching}
      value={pickedId(value)}
      onChange={(next) => onChange?.(next ?? null)}
      treeData={options(data)}
      style={{ minWidth: 200, width: '100%' }}
    />
  );
}
