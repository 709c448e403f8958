import { Button, Dropdown, Space } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import type { Translate } from '../../i18n';
import { useIsMobile } from '../../layout/useIsMobile';

export interface RowActionItem {
  key: string;
  label: string;
  danger?: boolean;
  onClick: () => void;
}

/** How many actions a row shows as links; the rest wait in its "more" menu, so the table keeps its width. */
export const INLINE_ACTIONS = 2;

/** A row's actions: the first two as links, the others in a "more" dropdown (all of them there on a phone). */
export function RowActions({ items, t }: { items: readonly RowActionItem[]; t: Translate }) {
  const shown = useIsMobile() ? 0 : INLINE_ACTIONS;
  const inline = items.slice(0, shown);
  const rest = items.slice(shown);
  return (
    <Space size={0} data-testid="row-actions">
      {inline.map((item) => (
        <Button key={item.key} type="link" size="small" danger={item.danger} onClick={item.onClick}>
          {item.label}
        </Button>
      ))}
      {rest.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{ items: rest.map((item) => ({ key: item.key, label: item.label, danger: item.danger, onClick: item.onClick })) }}
        >
          <Button type="link" size="small" icon={<MoreOutlined aria-hidden />} aria-label={t('resource.more')}>
            {t('resource.more')}
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
