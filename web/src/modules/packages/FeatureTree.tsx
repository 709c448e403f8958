import { useMemo } from 'react';
import { Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { packagesApi, type FeatureNode } from './api';

/** The flat catalogue as a tree: systems, their groups and features (SPEC §6), in catalogue order. */
export function featureTree(nodes: readonly FeatureNode[]): DataNode[] {
  const children = new Map<string | null, FeatureNode[]>();
  for (const node of nodes) children.set(node.parentKey ?? null, [...(children.get(node.parentKey ?? null) ?? []), node]);
  const build = (parent: string | null): DataNode[] =>
    (children.get(parent) ?? [])
      .sort((a, b) => a.sort - b.sort)
      .map((node) => ({ key: node.key, title: node.name, children: build(node.key) }));
  return build(null);
}

/** The system#feature permissions a package binds, ticked on the catalogue tree; read-only when `disabled`. */
export function FeatureTree({ value, onChange, disabled, id }: { value?: string[]; onChange?: (keys: string[]) => void; disabled?: boolean; id?: string }) {
  const { i18n } = useTranslation();
  const catalogue = useQuery({ queryKey: ['package', 'features', i18n.language], queryFn: packagesApi.features, staleTime: 60_000 });
  const treeData = useMemo(() => featureTree(catalogue.data ?? []), [catalogue.data]);
  if (catalogue.isPending) return <Spin />;
  return (
    <div id={id} data-testid="feature-tree">
      <Tree
        checkable
        disabled={disabled}
        treeData={treeData}
        checkedKeys={value ?? []}
        defaultExpandedKeys={treeData.map((node) => node.key)}
        onCheck={(checked) => onChange?.((Array.isArray(checked) ? checked : checked.checked).map(String))}
      />
    </div>
  );
}
