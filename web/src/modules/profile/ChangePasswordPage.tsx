import { PageCard } from '../../components/PageCard';
import { ChangePasswordForm } from './ChangePasswordForm';

/** The change-password page of the user center (hidden route, reached from the profile). */
export default function ChangePasswordPage() {
  return (
    <PageCard testId="change-password-page">
      <ChangePasswordForm />
    </PageCard>
  );
}
