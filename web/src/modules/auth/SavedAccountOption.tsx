import { Button, Flex } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** One saved account in the username dropdown, with a button to drop it from the list. */
export function SavedAccountOption({ account, onForget }: { account: string; onForget: () => void }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="space-between" gap={8}>
      <span>{account}</span>
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label={t('login.forgetAccount', { account })}
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => {
          event.stopPropagation();
          onForget();
        }}
      />
    </Flex>
  );
}
