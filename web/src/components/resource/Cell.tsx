import { Button, Space, Tag, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../format/money';
import { formatTime } from '../format/time';
import { copyText } from '../copy';
import { visibleText } from '../richText/visibleText';
import { enumLabel, useEnumOptions } from './enums';
import type { Column, Row } from './types';

const DATE = 'YYYY-MM-DD';

function EnumValue({ name, value }: { name: string | undefined; value: unknown }) {
  const options = useEnumOptions(name);
  if (Array.isArray(value)) return <>{value.map((item) => <Tag key={String(item)}>{enumLabel(options, item)}</Tag>)}</>;
  return <>{enumLabel(options, value)}</>;
}

function plainText(column: Column<Row>, value: unknown, row: Row): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.type) {
    case 'currency':
      return formatMoney(value as number | string, String(row[column.currency ?? ''] ?? column.currency ?? ''));
    case 'date':
      return dayjs(value as string).format(DATE);
    case 'datetime':
      return formatTime(value as string);
    case 'html':
      return visibleText(String(value));
    default:
      return String(value);
  }
}

/** One value as the table and the detail drawer show it. */
export function Cell({ column, row }: { column: Column<Row>; row: Row }) {
  const { t } = useTranslation();
  const value = row[column.key];
  const shown = column.format ? column.format(value, row) : value;
  if (shown === null || shown === undefined || shown === '') return <Typography.Text type="secondary">{t('common.notAvailable')}</Typography.Text>;
  if (column.format) return <>{shown}</>;
  let cell;
  if (column.type === 'enum') cell = <EnumValue name={column.enum} value={value} />;
  else if (column.type === 'boolean') cell = <Tag>{t(value ? 'common.yes' : 'common.no')}</Tag>;
  else if (column.type === 'url') {
    cell = (
      <Typography.Link href={String(value)} target="_blank" rel="noopener noreferrer" ellipsis style={{ maxWidth: 240 }}>
        {String(value)}
      </Typography.Link>
    );
  } else cell = plainText(column, value, row);
  if (!column.copyable) return <>{cell}</>;
  return (
    <Space size={2}>
      {cell}
      <Button type="link" size="small" icon={<CopyOutlined />} aria-label={t('common.copy')} onClick={() => copyText(String(value))} />
    </Space>
  );
}
