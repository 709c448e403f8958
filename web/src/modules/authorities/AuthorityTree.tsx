import { useMemo, useState } from 'react';
import { Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTranslate } from '../../i18n';
import { enumLabel, useEnumOptions } from '../../components/resource';
import { authorityTreeQuery, type AuthorityNode } from './api';
import { AuthorityLabel, authorityName } from './labels';
import { useElementHeight } from '../../components/useElementHeight';
import { filterTree, grantDisplay, indexTree, toggleGrant } from './tree';

interface AuthorityTreeProps {
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
  /** Take the height of the container (a drawer's body) rather than a fixed one. */
  fill?: boolean;
}

const FIXED_HEIGHT = 480;

/**
 * The permission editor: the whole authority tree with a checkbox on every node and a search box.
 * Checking a node takes the directories above it, a directory its menus; action buttons are checked one by
 * one, sensitive ones flagged; a partly granted directory shows half-checked (see tree.ts).
 */
export function AuthorityTree({ value, onChange, disabled, fill }: AuthorityTreeProps) {
  const t = useTranslate(['authorities']);
  const { i18n } = useTranslation();
  const types = useEnumOptions('MenuType');
  const { data } = useQuery(authorityTreeQuery);
  const [search, setSearch] = useState('');
  const index = useMemo(() => indexTree(data ?? []), [data]);
  const shownChecks = useMemo(() => grantDisplay(value, index), [value, index]);
  const [box, height] = useElementHeight(FIXED_HEIGHT);

  const treeData = useMemo(() => {
    const sensitive = { tag: t('tree.sensitive'), hint: t('tree.sensitiveHint') };
    const text = search.trim().toLowerCase();
    const shown = text
      ? filterTree(data ?? [], (node) => `${authorityName(node, i18n.language)} ${node.title} ${node.identifier}`.toLowerCase().includes(text))
      : (data ?? []);
    const toData = (nodes: readonly AuthorityNode[]): TreeDataNode[] =>
      nodes.map((node) => ({
        key: node.id,
        title: <AuthorityLabel node={node} language={i18n.language} typeLabel={enumLabel(types, node.menuType)} sensitive={sensitive} />,
        children: toData(node.children),
      }));
    return toData(shown);
  }, [data, search, i18n.language, types, t]);

  if (!data) return <Spin />;
  return (
    <div data-testid="authority-tree" style={fill ? { display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 } : undefined}>
      <Input.Search allowClear placeholder={t('tree.search')} aria-label={t('tree.search')} onChange={(event) => setSearch(event.target.value)} style={{ marginBottom: 8 }} />
      <div ref={fill ? box : undefined} style={fill ? { flex: 1, minHeight: 0 } : undefined}>
        <Tree
        checkable
        checkStrictly
        selectable={false}
        disabled={disabled}
        height={fill ? height : FIXED_HEIGHT}
        // A search shows every branch that matched; a new search starts a new tree.
        key={search.trim() || 'all'}
        defaultExpandAll={Boolean(search.trim())}
        defaultExpandedKeys={data.map((node) => node.id)}
        checkedKeys={shownChecks}
        onCheck={(_, info) => onChange(toggleGrant(value, Number(info.node.key), info.checked, index))}
        treeData={treeData}
      />
      </div>
    </div>
  );
}
