import { api } from '../../api/client';
import { Button, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslate } from '../../i18n';
import { toast } from '../../components/feedback';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { passwordRules, requiredRules } from '../users/passwordRules';

interface Values {
  oldPassword: string;
  newPassword: string;
  repeatPassword: string;
}

const FIELDS = ['oldPassword', 'newPassword', 'repeatPassword'];

/**
 * SPEC §5 change password: the old password is required, the new one follows the policy, the repeat
 * must match ('Two passwords don't match'). The server then logs the user's other sessions out.
 */
export function ChangePasswordForm() {
  const t = useTranslate(['profile', 'users', 'resource']);
  const [form] = Form.useForm();
  const change = useMutation({
    mutationFn: (values: Values) => api.post('/cms/user/change-password', { body: values, notify: false }),
    onSuccess: () => {
      form.resetFields();
      toast.success(t('password.changed'));
    },
    onError: (error) => showFieldErrors(form, error, FIELDS),
  });
  const label = (key: string) => t(`password.${key}`);
  return (
    <Form form={form} layout="vertical" name="change-password" style={{ maxWidth: 420 }} onFinish={(values: Values) => change.mutate(values)}>
      <Form.Item name="oldPassword" label={label('old')} rules={requiredRules(label('old'), t)}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={label('new')}
        extra={t('password.policy')}
        rules={passwordRules(label('new'), t)}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeatPassword"
        label={label('repeat')}
        dependencies={['newPassword']}
        rules={[
          ...requiredRules(label('repeat'), t),
          ({ getFieldValue }) => ({
            validator: async (_, value: unknown) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error(t('password.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('password.submit')}
      </Button>
    </Form>
  );
}
