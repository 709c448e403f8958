import { useMemo, useState } from 'react';
import { Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTranslate } from '../../i18n';
import { enumLabel, useEnumOptions } from '../../components/resource';
import { authorityTreeQuery, type AuthorityNode } from './api';
import { AuthorityLabel, authorityName } from './labels';
import { filterTree, indexTree, toggleGrant } from './tree';

interface AuthorityTreeProps {
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}

/**
 * The permission editor: the whole authority tree with a checkbox on every node and a search box.
 * Checking a node takes everything below it and the directories above it (see tree.ts).
 */
export function AuthorityTree({ value, onChange, disabled }: AuthorityTreeProps) {
  const t = useTranslate(['authorities']);
  const { i18n } = useTranslation();
  const types = useEnumOptions('MenuType');
  const { data } = useQuery(authorityTreeQuery);
  const [search, setSearch] = useState('');
  const index = useMemo(() => indexTree(data ?? []), [data]);

  const treeData = useMemo(() => {
    const text = search.trim().toLowerCase();
    const shown = text
      ? filterTree(data ?? [], (node) => `${authorityName(node, i18n.language)} ${node.title} ${node.identifier}`.toLowerCase().includes(text))
      : (data ?? []);
    const toData = (nodes: readonly AuthorityNode[]): TreeDataNode[] =>
      nodes.map((node) => ({
        key: node.id,
        title: <AuthorityLabel node={node} language={i18n.language} typeLabel={enumLabel(types, node.menuType)} />,
        children: toData(node.children),
      }));
    return toData(shown);
  }, [data, search, i18n.language, types]);

  if (!data) return <Spin />;
  return (
    <div data-testid="authority-tree">
      <Input.Search allowClear placeholder={t('tree.search')} aria-label={t('tree.search')} onChange={(event) => setSearch(event.target.value)} style={{ marginBottom: 8 }} />
      <Tree
        checkable
        checkStrictly
        selectable={false}
        disabled={disabled}
        height={480}
        // A search shows every branch that matched; a new search starts a new tree.
        key={search.trim() || 'all'}
        defaultExpandAll={Boolean(search.trim())}
        defaultExpandedKeys={data.map((node) => node.id)}
        checkedKeys={{ checked: [...value], halfChecked: [] }}
        onCheck={(_, info) => onChange(toggleGrant(value, Number(info.node.key), info.checked, index))}
        treeData={treeData}
      />
    </div>
  );
}
