import { TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InputProps } from '../../components/resource';
import { pickerProps } from '../users/pickedIds';
import { authorityTreeQuery, type AuthorityNode } from './api';
import { authorityName } from './labels';

interface Option {
  value: number;
  title: string;
  children: Option[];
}

/** Directories and menus: the places a new entry can hang (buttons hold nothing). */
function options(nodes: readonly AuthorityNode[], language: string): Option[] {
  return nodes
    .filter((node) => node.menuType !== 'BUTTON')
    .map((node) => ({ value: node.id, title: authorityName(node, language), children: options(node.children, language) }));
}

/** The parent of an authority, picked in the tree; empty means the top level. */
export function ParentSelect({ id, label, value, onChange }: InputProps) {
  const { i18n } = useTranslation();
  const { data = [] } = useQuery(authorityTreeQuery);
  return (
    <TreeSelect
      {...pickerProps({ id, label, value, onChange })}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeData={options(data, i18n.language)}
    />
  );
}
