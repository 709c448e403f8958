import { useTranslation } from 'react-i18next';
import { ErrorResult } from './ErrorResult';

/** /401: the user is signed in but may not open what they asked for. */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return <ErrorResult status={403} title={t('errors.unauthorizedTitle')} text={t('errors.unauthorizedText')} />;
}
