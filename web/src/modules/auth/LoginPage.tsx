import { useState } from 'react';
import { Button, Checkbox, Form, Input, theme } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../../components/PublicPage';
import { safeRedirect } from '../../api/session';
import { clearFailures } from '../../api/notifier';
import { login, type LoginForm } from './api';
import { loadSavedAccounts, rememberAccount, storeSavedAccounts } from './savedAccounts';
import { preloadSavedAccountsInput, UsernameInput } from './UsernameInput';

if (loadSavedAccounts().length) preloadSavedAccountsInput();

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [accounts, setAccounts] = useState(loadSavedAccounts);
  const { token: design } = theme.useToken();

  const updateAccounts = (next: string[]) => {
    storeSavedAccounts(next);
    setAccounts(next);
  };

  // Plain state rather than a query-library mutation: the login page stays as small as it can be.
  const [signingIn, setSigningIn] = useState(false);
  const signIn = async (form: LoginForm) => {
    setSigningIn(true);
    try {
      await login(form); // the server sets the session cookies, kept 7 days when asked to remember
      clearFailures();
      updateAccounts(rememberAccount(accounts, form.username));
      navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    } catch {
      // the HTTP client has shown why
    } finally {
      setSigningIn(false);
    }
  };

  return (
    <PublicPage width={400}>
      <div
        style={{
          marginTop: '8vh',
          padding: 32,
          background: design.colorBgContainer,
          borderRadius: design.borderRadiusLG,
          boxShadow: design.boxShadowTertiary,
        }}
      >
        <h1 style={{ marginTop: 0, fontSize: design.fontSizeHeading3, color: design.colorText }}>{t('login.title')}</h1>
        <Form<LoginForm>
          name="login"
          layout="vertical"
          requiredMark={false}
          initialValues={{ username: accounts[0] ?? '', password: '', rememberMe: false }}
          onFinish={(form) => void signIn({ ...form, username: form.username.trim() })}
        >
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
          >
            <UsernameInput
              accounts={accounts}
              onForget={(account) => updateAccounts(accounts.filter((a) => a !== account))}
              autoFocus
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="rememberMe" valuePropName="checked">
            <Checkbox>{t('login.rememberMe')}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={signingIn}>
            {t('login.submit')}
          </Button>
        </Form>
      </div>
    </PublicPage>
  );
}
