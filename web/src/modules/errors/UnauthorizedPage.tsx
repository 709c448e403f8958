import { useTranslation } from 'react-i18next';
import { ErrorResult } from './ErrorResult';

/** /401, or a screen the user may not open (`revoked`: one whose permission was withdrawn while it was open). */
export default function UnauthorizedPage({ revoked = false }: { revoked?: boolean }) {
  const { t } = useTranslation();
  return (
    <div data-testid="forbidden">
      <ErrorResult status={403} title={t('errors.unauthorizedTitle')} text={t(revoked ? 'errors.revokedText' : 'errors.unauthorizedText')} />
    </div>
  );
}
