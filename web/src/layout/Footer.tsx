import { Layout, theme } from 'antd';
import { useSettings } from '../app/settings';

/** SPEC §2: the footer's text and case number are settings; it is hidden by default. */
export function ShellFooter() {
  const { footerText, caseNumber } = useSettings();
  const { token } = theme.useToken();
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '12px 16px', color: token.colorTextSecondary }} data-testid="shell-footer">
      {[footerText, caseNumber].filter(Boolean).join(' · ')}
    </Layout.Footer>
  );
}
