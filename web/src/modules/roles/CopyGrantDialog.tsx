import { Checkbox, Form, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from '../../i18n';
import { toast } from '../../components/feedback';
import { roleApi, type Role } from './api';
import { RoleSelect } from './RoleSelect';

interface CopyValues {
  targetRoleIds: number[];
  replace?: boolean;
}

/** SPEC §2: copy the permissions of a source role to several target roles. */
export function CopyGrantDialog({ source, onClose }: { source: Role; onClose: () => void }) {
  const t = useTranslate(['roles', 'resource']);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CopyValues>();
  const copy = useMutation({
    mutationFn: (values: CopyValues) => roleApi.copy(source.id, values.targetRoleIds, Boolean(values.replace)),
    onSuccess: () => {
      toast.success(t('copy.done'));
      void queryClient.invalidateQueries({ queryKey: ['role'] });
      onClose();
    },
  });
  const targets = t('copy.targets');
  return (
    <Modal open title={t('copy.title', { role: source.name })} okText={t('copy.ok')} cancelText={t('common.cancel')} onOk={() => form.submit()} onCancel={onClose} confirmLoading={copy.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" name="copy-permissions" onFinish={(values) => copy.mutate(values)}>
        <Form.Item name="targetRoleIds" label={targets} rules={[{ required: true, message: t('validation.required', { field: targets }) }]}>
          <RoleSelect label={targets} multiple exclude={[source.id]} />
        </Form.Item>
        <Form.Item name="replace" valuePropName="checked" extra={t('copy.replaceHint')}>
          <Checkbox>{t('copy.replace')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
