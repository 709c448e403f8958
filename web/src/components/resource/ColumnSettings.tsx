import { Button, Checkbox, Flex, Popover, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import type { Translate } from '../../i18n';
import { moveColumn, toggleColumn, type ColumnDisplay } from './columnDisplay';
import type { Column, Row } from './types';

interface ColumnSettingsProps {
  columns: Column<Row>[];
  display: ColumnDisplay[];
  onChange: (next: ColumnDisplay[] | null) => void;
  t: Translate;
}

/** Show, hide and reorder the table's columns; saved for the user (front/table-display). */
export function ColumnSettings({ columns, display, onChange, t }: ColumnSettingsProps) {
  const titleOf = new Map(columns.map((column) => [column.key, t(column.title)]));
  const content = (
    <Flex vertical gap={2} data-testid="column-settings" style={{ minWidth: 220 }}>
      {display.map((item, index) => (
        <Flex key={item.key} align="center" justify="space-between" gap={8}>
          <Checkbox checked={item.visible} onChange={(event) => onChange(toggleColumn(display, item.key, event.target.checked))}>
            {titleOf.get(item.key)}
          </Checkbox>
          <span>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              aria-label={t('resource.moveUp', { column: titleOf.get(item.key) })}
              onClick={() => onChange(moveColumn(display, item.key, -1))}
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={index === display.length - 1}
              aria-label={t('resource.moveDown', { column: titleOf.get(item.key) })}
              onClick={() => onChange(moveColumn(display, item.key, 1))}
            />
          </span>
        </Flex>
      ))}
      <Button size="small" type="link" onClick={() => onChange(null)} style={{ alignSelf: 'flex-start', padding: 0 }}>
        {t('resource.resetColumns')}
      </Button>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('resource.columns')} content={content}>
      <Tooltip title={t('resource.columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('resource.columns')} />
      </Tooltip>
    </Popover>
  );
}
