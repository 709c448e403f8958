import { Card, Flex, Table, Tag, Typography } from 'antd';
import { formatTime } from '../../components/format/time';
import { useTranslate } from '../../i18n';
import type { EntityChange } from './api';
import { changeRows, listChange, shownValue, type FieldChange } from './values';

const ACTION_COLOURS: Record<string, string> = { create: 'green', update: 'blue', delete: 'red' };

/** A list field's change as the items it added (green, +) and removed (red, −). */
function ListChangeView({ row }: { row: FieldChange }) {
  const change = listChange(row.before, row.after)!;
  return (
    <Flex wrap gap={4} data-testid="list-change">
      {change.added.map((item) => (
        <Tag key={`+${item}`} color="green" data-change="added">
          + {item}
        </Tag>
      ))}
      {change.removed.map((item) => (
        <Tag key={`-${item}`} color="red" data-change="removed">
          − {item}
        </Tag>
      ))}
    </Flex>
  );
}

/** The field-level diff of the entities one call changed: a before/after table per entity. */
export function ChangesView({ changes }: { changes: readonly EntityChange[] }) {
  const t = useTranslate(['audit']);
  if (!changes.length) return <Typography.Text type="secondary">{t('detail.noChanges')}</Typography.Text>;
  return (
    <Flex vertical gap={12} data-testid="audit-changes">
      {changes.map((change) => (
        <Card
          key={change.id}
          size="small"
          title={
            <span>
              <Tag color={ACTION_COLOURS[change.action]}>{change.action}</Tag>
              {change.entityLabel} #{change.entityId}
            </span>
          }
          extra={
            <Typography.Text type="secondary">
              {change.operatorName} · {formatTime(change.at)}
            </Typography.Text>
          }
        >
          <Table<FieldChange>
            rowKey="field"
            size="small"
            pagination={false}
            dataSource={changeRows(change.changes)}
            columns={[
              {
                key: 'field',
                dataIndex: 'field',
                title: t('detail.field'),
                // The label in the reader's language, with the stored name beside it for whoever queries the data.
                render: (field: string) => (
                  <span>
                    {change.fieldLabels[field] ?? field} <Typography.Text code>{field}</Typography.Text>
                  </span>
                ),
              },
              {
                key: 'before',
                title: t('detail.before'),
                // A list's change takes both cells: what it added and what it removed.
                onCell: (row) => ({ colSpan: listChange(row.before, row.after) ? 2 : 1 }),
                render: (_, row) =>
                  listChange(row.before, row.after) ? (
                    <ListChangeView row={row} />
                  ) : (
                    <Typography.Text delete={row.before !== null && row.before !== undefined}>{shownValue(row.before)}</Typography.Text>
                  ),
              },
              {
                key: 'after',
                title: t('detail.after'),
                onCell: (row) => ({ colSpan: listChange(row.before, row.after) ? 0 : 1 }),
                render: (_, row) => <Typography.Text strong>{shownValue(row.after)}</Typography.Text>,
              },
            ]}
          />
        </Card>
      ))}
    </Flex>
  );
}
