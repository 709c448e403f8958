import { useState } from 'react';
import { Button, Card, Drawer, Flex, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from '../../i18n';
import { useCan } from '../../app/access/can';
import { toast } from '../../components/feedback';
import { useOnChange } from '../../components/useOnChange';
import { UserSelect } from '../users/UserSelect';
import type { UserBrief } from '../users/api';
import { roleApi, type Role } from './api';
import { RoleSelect } from './RoleSelect';
import { pickedId } from '../users/pickedIds';

/** The members of one role: set them, or move some (or all) of them to another role (SPEC §2). */
export function MembersDrawer({ role, onClose }: { role: Role; onClose: () => void }) {
  const t = useTranslate(['roles']);
  const may = useCan()('role#members');
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: ['role', 'members', role.id], queryFn: ({ signal }) => roleApi.members(role.id, signal) });
  const [chosen, setChosen] = useState<number[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [target, setTarget] = useState<number>();
  useOnChange(members.data ? String(members.dataUpdatedAt) : '', () => {
    setChosen(members.data?.map((user) => user.id) ?? []);
    setSelected([]);
  });
  const done = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: ['role'] });
    void queryClient.invalidateQueries({ queryKey: ['user'] });
  };
  const save = useMutation({ mutationFn: () => roleApi.setMembers(role.id, chosen), onSuccess: () => done(t('members.saved')) });
  const move = useMutation({
    mutationFn: () => roleApi.switchMembers(role.id, target!, selected),
    onSuccess: (result) => done(t('members.moved', { count: result.moved })),
  });

  return (
    <Drawer open size={640} title={t('members.title', { role: role.name })} onClose={onClose} data-testid="members-drawer">
      <Flex vertical gap={16}>
        <Table<UserBrief>
          rowKey="id"
          size="small"
          loading={members.isFetching}
          dataSource={members.data ?? []}
          pagination={false}
          rowSelection={may ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined}
          columns={[
            { key: 'username', dataIndex: 'username', title: t('members.username') },
            { key: 'displayName', dataIndex: 'displayName', title: t('members.displayName') },
            { key: 'email', dataIndex: 'email', title: t('members.email') },
          ]}
        />
        {may && (
          <Card size="small" title={t('members.edit')}>
            <Flex gap={8} align="start">
              <div style={{ flex: 1 }}>
                <UserSelect label={t('members.users')} multiple known={members.data} value={chosen} onChange={(ids) => setChosen(ids as number[])} />
              </div>
              <Button type="primary" loading={save.isPending} onClick={() => save.mutate()}>
                {t('members.save')}
              </Button>
            </Flex>
          </Card>
        )}
        {may && (
          <Card size="small" title={t('members.switch')}>
            <Typography.Paragraph type="secondary">
              {selected.length ? t('members.switchSelected', { count: selected.length }) : t('members.switchAll')}
            </Typography.Paragraph>
            <Flex gap={8} align="start">
              <div style={{ flex: 1 }}>
                <RoleSelect label={t('members.target')} exclude={[role.id]} value={target} onChange={(id) => setTarget(pickedId(id))} />
              </div>
              <Button disabled={target === undefined || !members.data?.length} loading={move.isPending} onClick={() => move.mutate()}>
                {t('members.move')}
              </Button>
            </Flex>
          </Card>
        )}
      </Flex>
    </Drawer>
  );
}
