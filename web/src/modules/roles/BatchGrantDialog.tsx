import { useState } from 'react';
import { Modal, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from '../../i18n';
import { toast } from '../../components/feedback';
import { AuthorityTree } from '../authorities/AuthorityTree';
import { roleApi, type Role } from './api';

/** SPEC §2: add the same permissions to every selected role (what they held stays). */
export function BatchGrantDialog({ roles, onClose }: { roles: Role[]; onClose: () => void }) {
  const t = useTranslate(['roles']);
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState<number[]>([]);
  const add = useMutation({
    mutationFn: () => roleApi.batchAdd(roles.map((role) => role.id), checked),
    onSuccess: () => {
      toast.success(t('batch.done'));
      void queryClient.invalidateQueries({ queryKey: ['role'] });
      onClose();
    },
  });
  return (
    <Modal open width={720} title={t('batch.title', { count: roles.length })} okText={t('batch.ok')} cancelText={t('common.cancel')} okButtonProps={{ disabled: !checked.length }} onOk={() => add.mutate()} onCancel={onClose} confirmLoading={add.isPending} destroyOnHidden>
      <Typography.Paragraph type="secondary">{roles.map((role) => role.name).join(', ')}</Typography.Paragraph>
      <AuthorityTree value={checked} onChange={setChecked} />
    </Modal>
  );
}
