import { useState } from 'react';
import { Button, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTranslate } from '../../i18n';
import { enumLabel, TreePage, useEnumOptions } from '../../components/resource';
import { authorityTreeQuery, type AuthorityNode } from './api';
import { AuthorityLabel, authorityName } from './labels';
import authorities from './resource';
import { UsageDrawer } from './UsageDrawer';

// The tree page drops empty `children` lists from its rows (no expand button on leaves).
const nextSort = (nodes: readonly AuthorityNode[] = []) => Math.max(0, ...nodes.map((node) => node.sort)) + 1;

/** SPEC §2 menus and authorities: the tree of directories, menus and buttons, with who uses each. */
export default function AuthoritiesPage() {
  const t = useTranslate(['authorities']);
  const { i18n } = useTranslation();
  const types = useEnumOptions('MenuType');
  const [usage, setUsage] = useState<AuthorityNode>();

  const columns: TableColumnsType<AuthorityNode> = [
    { key: 'name', title: t('name'), render: (_, node) => <AuthorityLabel node={node} language={i18n.language} typeLabel={enumLabel(types, node.menuType)} /> },
    { key: 'path', dataIndex: 'path', title: t('path') },
    { key: 'sort', dataIndex: 'sort', title: t('sort') },
    { key: 'hidden', title: t('hidden'), render: (_, node) => node.hidden && <Tag>{t('hidden')}</Tag> },
  ];
  const matches = (node: AuthorityNode, text: string) =>
    `${authorityName(node, i18n.language)} ${node.title} ${node.identifier} ${node.path ?? ''}`.toLowerCase().includes(text);

  return (
    <>
      <TreePage
        resource={authorities}
        tree={authorityTreeQuery}
        columns={columns}
        matches={matches}
        rootValues={{ menuType: 'DIRECTORY', sort: 1 }}
        childOf={(node) =>
          node.menuType === 'BUTTON' ? undefined : { parentId: node.id, menuType: node.menuType === 'MENU' ? 'BUTTON' : 'MENU', sort: nextSort(node.children) }
        }
        deletable={(node) => !node.children?.length}
        rowExtra={(node) => (
          <Button type="link" size="small" onClick={() => setUsage(node)}>
            {t('usage.action')}
          </Button>
        )}
      />
      {usage && <UsageDrawer authority={usage} onClose={() => setUsage(undefined)} />}
    </>
  );
}
