import { Table, type TableColumnsType } from 'antd';
import { useTranslate } from '../../i18n';
import type { CategoryFigures, LevelFigures } from './api';

type Row = CategoryFigures | LevelFigures;
const COUNTS = ['created', 'confirming', 'closed', 'qualified'] as const;
const RATES = ['closedRate', 'resolveRate', 'slaRate'] as const;

/** The figures behind a chart, one row a category or a priority, with each row's own rates. */
export function FiguresTable<R extends Row>({ rows, first, testId }: { rows: readonly R[]; first: { title: string; value: (row: R) => string }; testId: string }) {
  const t = useTranslate(['ticket-reports']);
  const columns: TableColumnsType<R> = [
    { key: 'first', title: first.title, render: (_, row) => first.value(row) },
    ...COUNTS.map((key) => ({ key, title: t(key), align: 'right' as const, render: (_: unknown, row: R) => row[key] })),
    ...RATES.map((key) => ({ key, title: t(key), align: 'right' as const, render: (_: unknown, row: R) => `${row[key]}%` })),
  ];
  if (rows.length && 'level' in rows[0]!) {
    columns.push(
      { key: 'firstResponseBreached', title: t('firstResponseBreached'), align: 'right', render: (_, row) => (row as LevelFigures).firstResponseBreached },
      { key: 'resolveBreached', title: t('resolveBreached'), align: 'right', render: (_, row) => (row as LevelFigures).resolveBreached },
    );
  }
  return (
    <Table<R>
      size="small"
      rowKey={(row) => ('category' in row ? row.category : row.level)}
      columns={columns}
      dataSource={[...rows]}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
    />
  );
}
