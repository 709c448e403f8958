import type { TableColumnsType } from 'antd';
import { useTranslate } from '../../i18n';
import { TreePage } from '../../components/resource';
import { departmentTreeQuery, type DepartmentNode } from './api';
import departments from './resource';

const matches = (node: DepartmentNode, text: string) => `${node.name} ${node.fullName} ${node.leaderName ?? ''}`.toLowerCase().includes(text);
const childOf = (node: DepartmentNode) => ({ parentId: node.id });

/** Departments as a tree (SPEC §3: name, full name, leader, parent); a parent below itself is refused by the server. */
export default function DepartmentsPage() {
  const t = useTranslate(['departments']);
  const columns: TableColumnsType<DepartmentNode> = [
    { key: 'name', dataIndex: 'name', title: t('name') },
    { key: 'fullName', dataIndex: 'fullName', title: t('fullName') },
    { key: 'leader', dataIndex: 'leaderName', title: t('leader') },
    { key: 'members', dataIndex: 'memberCount', title: t('memberCount') },
  ];
  return (
    <TreePage
      resource={departments}
      tree={departmentTreeQuery}
      columns={columns}
      matches={matches}
      childOf={childOf}
    />
  );
}
