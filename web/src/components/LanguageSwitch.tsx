import { api } from '../api/client';
import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../i18n';
import { LANGUAGES, type Language } from '../i18n/languages';
import { LazyDropdown } from './LazyDropdown';

/** The signed-in user's choice is kept by the server too: the mails written to them are in it. */
async function choose(code: Language): Promise<void> {
  await switchLanguage(code);
  await api.post('/cms/user/language', { body: { language: code } }).catch(() => undefined);
}

/** SPEC §2: the language dropdown (zh-CN, en, id); Thai and Vietnamese users get English. `compact`: the globe only (a phone). */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[0];
  return (
    <LazyDropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current.code],
        items: LANGUAGES.map((l) => ({ key: l.code, label: l.label })),
        onClick: ({ key }) => void choose(key as Language), // the items' keys are the offered codes
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('common.language')} data-testid="language-switch">
        {!compact && current.label}
      </Button>
    </LazyDropdown>
  );
}
