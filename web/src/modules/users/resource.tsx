import { Space, Tag } from 'antd';
import { defineResource } from '../../components/resource';
import type { User } from './api';
import { DepartmentInput, RoleInput, RolesInput, UserInput, ZoneInput } from './inputs';
import { PasswordInput } from './PasswordInput';
import { checkMobile, checkPassword } from './rules';

function RoleTags({ user }: { user: User }) {
  return (
    <Space size={4} wrap>
      {user.roles.map((role) => (
        // a long role name is cut, whole on hover, so one role cannot push the list past a laptop's width
        <Tag key={role.id} title={role.name} style={{ maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'middle' }}>
          {role.name}
        </Tag>
      ))}
    </Space>
  );
}

/** User administration (SPEC §3 User, §5 its rules); the server half is api/routers/users.py. */
export default defineResource<User>({
  name: 'users',
  api: 'user',
  permission: 'user-management',
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  defaultSort: '-id',
  columns: [
    { key: 'keyword', title: 'keyword', table: false, filter: true },
    { key: 'username', title: 'username', priority: 'key', filter: true, sorter: true, copyable: true, form: { required: true, min: 2, max: 64 } },
    { key: 'realName', title: 'realName', priority: 'wide', sorter: true, form: { required: true, min: 2, max: 20 } },
    { key: 'displayName', title: 'displayName', priority: 'wide', ellipsis: true, width: 140, sorter: true, form: { required: true, min: 2, max: 20 } },
    { key: 'email', title: 'email', ellipsis: true, width: 200, filter: true, sorter: true, form: { required: true, max: 100, pattern: 'email' } },
    { key: 'mobile', title: 'mobile', priority: 'wide', form: { check: checkMobile } },
    { key: 'password', title: 'password', table: false, form: { required: true, createOnly: true, check: checkPassword, input: PasswordInput } },
    { key: 'departmentId', title: 'department', priority: 'wide', format: (_, user) => user.departmentName, filter: { input: DepartmentInput }, form: { input: DepartmentInput } },
    { key: 'leaderId', title: 'leader', priority: 'wide', format: (_, user) => user.leaderName, filter: { input: UserInput }, form: { input: UserInput } },
    { key: 'roleIds', title: 'roles', format: (_, user) => (user.roles.length ? <RoleTags user={user} /> : undefined), form: { input: RolesInput, from: (user) => (user as User).roles.map((role) => role.id) } },
    { key: 'roleId', title: 'role', table: false, filter: { input: RoleInput } },
    { key: 'status', title: 'common.status', type: 'enum', enum: 'Status', priority: 'key', filter: true, sorter: true, form: {} },
    { key: 'country', title: 'country', type: 'enum', enum: 'Country', priority: 'wide', filter: true, form: {} },
    { key: 'team', title: 'team', type: 'enum', enum: 'Team', priority: 'wide', filter: true, form: {} },
    { key: 'timeZone', title: 'timeZone', hidden: true, form: { input: ZoneInput } },
    { key: 'lastLoginAt', title: 'lastLoginAt', type: 'datetime', priority: 'wide', sorter: true },
    { key: 'createdAt', title: 'common.createdAt', type: 'datetime', sorter: true, hidden: true },
  ],
});
