import type { ReactNode } from 'react';
import { Button, Flex } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Translate } from '../../i18n';

interface SearchButtonsProps {
  /** Clear the form and search with nothing but its defaults. */
  onReset: () => void;
  t: Translate;
  /** More buttons after these two (export, refresh). */
  children?: ReactNode;
}

/** The end of a search form: search (submits the form) and reset. */
export function SearchButtons({ onReset, t, children }: SearchButtonsProps) {
  return (
    <Flex gap={8}>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
        {t('resource.search')}
      </Button>
      <Button icon={<ReloadOutlined aria-hidden />} onClick={onReset}>
        {t('resource.reset')}
      </Button>
      {children}
    </Flex>
  );
}
