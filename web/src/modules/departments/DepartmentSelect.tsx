import { TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { pickerProps } from '../users/pickedIds';
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
      {...pickerProps({ id, label, value, onChange })}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      loading={isFetching}
      treeData={options(data)}
    />
  );
}
