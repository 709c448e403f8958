import { useTranslation } from 'react-i18next';
import { ErrorResult } from './ErrorResult';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorResult status={404} title={t('errors.notFoundTitle')} text={t('errors.notFoundText')} />;
}
