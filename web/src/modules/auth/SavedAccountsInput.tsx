import { AutoComplete, Input } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SavedAccountOption } from './SavedAccountOption';
import type { UsernameFieldProps } from './UsernameInput';

/** The username input with a dropdown of the accounts saved on this browser, each with a button to forget it. */
export default function SavedAccountsInput({ accounts, onForget, autoFocus, ...field }: UsernameFieldProps) {
  const { t } = useTranslation();
  const options = [
    {
      label: t('login.savedAccounts'),
      options: accounts.map((account) => ({
        value: account,
        label: <SavedAccountOption account={account} onForget={() => onForget(account)} />,
      })),
    },
  ];
  return (
    <AutoComplete {...field} options={options}>
      <Input prefix={<UserOutlined />} autoComplete="username" autoFocus={autoFocus} />
    </AutoComplete>
  );
}
