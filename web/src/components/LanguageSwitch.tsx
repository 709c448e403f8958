import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { http } from '../api/http';
import { switchLanguage } from '../i18n';
import { LANGUAGES } from '../i18n/languages';
import { LazyDropdown } from './LazyDropdown';

/** The signed-in user's choice is kept by the server too: the mails written to them are in it. */
async function choose(code: string): Promise<void> {
  await switchLanguage(code);
  await http.post('user/language', { language: code }).catch(() => undefined);
}

/** SPEC §2: the language dropdown (zh-CN, en, id); Thai and Vietnamese users get English. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[0];
  return (
    <LazyDropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current.code],
        items: LANGUAGES.map((l) => ({ key: l.code, label: l.label })),
        onClick: ({ key }) => void choose(key),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('common.language')} data-testid="language-switch">
        {current.label}
      </Button>
    </LazyDropdown>
  );
}
