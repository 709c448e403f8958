import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../i18n';
import { LANGUAGES } from '../i18n/languages';

const OPTIONS = LANGUAGES.map((l) => ({ value: l.code, label: l.label }));

/** SPEC §2: the language dropdown (zh-CN, en, id). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((l) => l.code === i18n.language)?.code ?? LANGUAGES[0].code;
  return (
    <Select
      aria-label={t('common.language')}
      variant="borderless"
      prefix={<GlobalOutlined />}
      value={current}
      options={OPTIONS}
      onChange={(code) => void switchLanguage(code)}
      popupMatchSelectWidth={false}
    />
  );
}
