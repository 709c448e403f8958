import { Form, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslate } from '../../i18n';
import { toast } from '../../components/feedback';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { userApi, userLabel, type User } from './api';
import { PasswordInput } from './PasswordInput';
import { passwordRules } from './passwordRules';

/** An administrator sets a new password (SPEC §5 policy); the user's open sessions end with it. */
export function ResetPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const t = useTranslate(['users', 'resource']);
  const [form] = Form.useForm();
  const label = t('password');
  const reset = useMutation({
    mutationFn: ({ password }: { password: string }) => userApi.resetPassword(user.id, password),
    onSuccess: () => {
      toast.success(t('reset.done'));
      onClose();
    },
    onError: (error) => showFieldErrors(form, error, ['password']),
  });
  return (
    <Modal open title={t('reset.title', { user: userLabel(user) })} okText={t('resource.save')} cancelText={t('common.cancel')} onOk={() => form.submit()} onCancel={onClose} confirmLoading={reset.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" name="reset-password" onFinish={(values: { password: string }) => reset.mutate(values)}>
        <Form.Item
          name="password"
          label={label}
          extra={t('reset.hint')}
          rules={passwordRules(label, t)}
        >
          <PasswordInput column={{ key: 'password', title: 'password' }} label={label} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
