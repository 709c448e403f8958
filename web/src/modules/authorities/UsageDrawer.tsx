import { Button, Drawer, Table, Tabs, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTranslate } from '../../i18n';
import { useCan } from '../../app/access/can';
import { toast } from '../../components/feedback';
import { askConfirm } from '../../components/ConfirmAction';
import { enumLabel, useEnumOptions } from '../../components/resource';
import { authorityApi, type AuthorityNode, type RoleUsage, type UserUsage } from './api';
import { authorityName } from './labels';

/** Who holds one authority: the roles granting it and the users holding it (directly or through roles). */
export function UsageDrawer({ authority, onClose }: { authority: AuthorityNode; onClose: () => void }) {
  const t = useTranslate(['authorities']);
  const { i18n } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const roles = useQuery({ queryKey: ['authority', 'usage-role', authority.id], queryFn: () => authorityApi.usageByRole(authority.id) });
  const users = useQuery({ queryKey: ['authority', 'usage-user', authority.id], queryFn: () => authorityApi.usageByUser(authority.id) });
  const mayRevoke = can('authority#revoke');
  const roleTypes = useEnumOptions('RoleType');

  const revoke = (question: string, holder: string, run: () => Promise<unknown>) =>
    void askConfirm({
      question,
      facts: [{ label: t('usage.authority'), value: authorityName(authority, i18n.language) }, { label: t('usage.holder'), value: holder }],
      danger: true,
      onOk: async () => {
        await run();
        toast.success(t('usage.removed'));
        void queryClient.invalidateQueries({ queryKey: ['authority'] });
      },
    }, t);

  const removeButton = (onClick: () => void) => (
    <Button type="link" size="small" danger onClick={onClick}>
      {t('usage.remove')}
    </Button>
  );

  const roleTable = (
    <Table<RoleUsage>
      rowKey="id"
      size="small"
      loading={roles.isFetching}
      dataSource={roles.data ?? []}
      pagination={false}
      data-testid="usage-roles"
      columns={[
        { key: 'name', dataIndex: 'name', title: t('usage.role') },
        { key: 'type', title: t('usage.roleType'), render: (_: unknown, role: RoleUsage) => enumLabel(roleTypes, role.roleType) },
        ...(mayRevoke
          ? [{ key: 'remove', render: (_: unknown, role: RoleUsage) => removeButton(() => revoke(t('usage.removeFromRole', { role: role.name }), role.name, () => authorityApi.removeFromRole(authority.id, role.id))) }]
          : []),
      ]}
    />
  );
  const userTable = (
    <Table<UserUsage>
      rowKey="id"
      size="small"
      loading={users.isFetching}
      dataSource={users.data ?? []}
      pagination={false}
      data-testid="usage-users"
      columns={[
        { key: 'user', title: t('usage.user'), render: (_: unknown, user: UserUsage) => `${user.displayName} (${user.username})` },
        { key: 'direct', title: t('usage.direct'), render: (_: unknown, user: UserUsage) => (user.direct ? <Tag color="blue">{t('common.yes')}</Tag> : t('common.no')) },
        { key: 'roles', dataIndex: 'roles', title: t('usage.viaRoles'), render: (names: string[]) => names.join(', ') },
        ...(mayRevoke
          ? [{ key: 'remove', render: (_: unknown, user: UserUsage) => user.direct && removeButton(() => revoke(t('usage.removeFromUser', { user: user.username }), user.username, () => authorityApi.removeFromUser(authority.id, user.id))) }]
          : []),
      ]}
    />
  );

  return (
    <Drawer open size={640} title={t('usage.title', { authority: authorityName(authority, i18n.language) })} onClose={onClose} data-testid="usage-drawer">
      <Tabs
        items={[
          { key: 'roles', label: t('usage.byRole', { count: roles.data?.length ?? 0 }), children: roleTable },
          { key: 'users', label: t('usage.byUser', { count: users.data?.length ?? 0 }), children: userTable },
        ]}
      />
    </Drawer>
  );
}
