import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { titleIn } from '../../app/menuEntries';
import { usePageInfo } from '../../layout/keepAlive/PageContext';
import { ChangePasswordForm } from './ChangePasswordForm';

/** The change-password page of the user center (hidden route, reached from the profile). */
export default function ChangePasswordPage() {
  const { i18n } = useTranslation();
  const { menu } = usePageInfo();
  return (
    <Card title={titleIn(menu?.titles, i18n.language)} data-testid="change-password-page">
      <ChangePasswordForm />
    </Card>
  );
}
