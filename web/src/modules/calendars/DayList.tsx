import { Button, Space, Table, Tag } from 'antd';
import { ConfirmButton } from '../../components/ConfirmAction';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslate } from '../../i18n';
import type { CalendarDay } from './api';

/** The year's marked days, in order, each editable or removable. */
export function DayList({ year, days, loading, canEdit, canDelete, onEdit, onRemove }: {
  year: number;
  days: readonly CalendarDay[];
  loading: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (date: Dayjs) => void;
  onRemove: (day: CalendarDay) => void;
}) {
  const t = useTranslate(['calendars', 'resource']);
  return (
    <Table<CalendarDay>
      size="small"
      rowKey="id"
      data-testid="calendar-days"
      title={() => t('yearDays', { year, count: days.length })}
      loading={loading}
      dataSource={[...days]}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      columns={[
        { key: 'day', title: t('day'), render: (_, day) => `${day.day} ${dayjs(day.day).format('ddd')}` },
        { key: 'kind', title: t('kind'), render: (_, day) => <Tag color={day.kind === 'HOLIDAY' ? 'red' : 'blue'}>{t(`kinds.${day.kind}`)}</Tag> },
        { key: 'name', dataIndex: 'name', title: t('dayName') },
        {
          key: 'actions',
          title: t('resource.actions'),
          render: (_, day) => (
            <Space size={0}>
              {canEdit && <Button type="link" size="small" onClick={() => onEdit(dayjs(day.day))}>{t('resource.edit')}</Button>}
              {canDelete && (
                <ConfirmButton type="link" size="small" danger question={t('unmarkConfirm')}
                  facts={[{ label: t('day'), value: `${day.day} ${day.name ?? ''}`.trim() }]} onConfirm={() => onRemove(day)}>
                  {t('unmark')}
                </ConfirmButton>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
