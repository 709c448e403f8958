import { Button, Divider, Drawer, Flex, Input, Space, Switch, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeSetting, resetSettings, THEME_COLORS, useSettings, type Settings } from '../../app/settings';

type SwitchKey = { [K in keyof Settings]: Settings[K] extends boolean ? K : never }[keyof Settings];

const SWITCHES: SwitchKey[] = ['showTabs', 'fixedHeader', 'showLogo', 'uniqueOpened', 'showFooter'];

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Flex justify="space-between" align="center" style={{ padding: '6px 0' }}>
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

/** SPEC §2 settings panel: theme colour, tabs, fixed header, logo, unique-opened, footer and case number. */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Drawer title={t('settings.title')} open={open} onClose={onClose} size={320} data-testid="settings-drawer">
      <Typography.Title level={5}>{t('settings.themeColor')}</Typography.Title>
      <Space wrap>
        {THEME_COLORS.map((color) => (
          <Button
            key={color}
            aria-label={t('settings.useColor', { color })}
            aria-pressed={settings.themeColor === color}
            style={{ background: color, width: 28, height: 28, minWidth: 28, padding: 0 }}
            icon={settings.themeColor === color ? <CheckOutlined style={{ color: '#fff' }} /> : undefined}
            onClick={() => changeSetting('themeColor', color)}
          />
        ))}
      </Space>
      <Divider />
      {SWITCHES.map((key) => (
        <Row key={key} label={t(`settings.${key}`)}>
          <Switch aria-label={t(`settings.${key}`)} checked={settings[key]} onChange={(checked) => changeSetting(key, checked)} />
        </Row>
      ))}
      <Row label={t('settings.footerText')}>
        <Input
          aria-label={t('settings.footerText')}
          style={{ width: 160 }}
          value={settings.footerText}
          maxLength={100}
          onChange={(event) => changeSetting('footerText', event.target.value)}
        />
      </Row>
      <Row label={t('settings.caseNumber')}>
        <Input
          aria-label={t('settings.caseNumber')}
          style={{ width: 160 }}
          value={settings.caseNumber}
          maxLength={64}
          onChange={(event) => changeSetting('caseNumber', event.target.value)}
        />
      </Row>
      <Divider />
      <Button block onClick={resetSettings}>
        {t('settings.reset')}
      </Button>
    </Drawer>
  );
}
