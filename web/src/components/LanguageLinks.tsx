import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../i18n';
import { LANGUAGES } from '../i18n/languages';

/** The language choice of pages outside the shell (login, about, health): one link a language. */
export function LanguageLinks() {
  const { t, i18n } = useTranslation();
  return (
    <Flex role="group" aria-label={t('common.language')} gap={2}>
      {LANGUAGES.map((l) => (
        <Button
          key={l.code}
          type={l.code === i18n.language ? 'link' : 'text'}
          size="small"
          aria-pressed={l.code === i18n.language}
          onClick={() => void switchLanguage(l.code)}
        >
          {l.label}
        </Button>
      ))}
    </Flex>
  );
}
