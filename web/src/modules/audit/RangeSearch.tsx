import { useState, type ReactNode } from 'react';
import { Button, DatePicker, Flex, Form, Table, Tooltip, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { SorterResult } from 'antd/es/table/interface';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslate } from '../../i18n';
import { useCan } from '../../app/access/can';
import { rangePresets } from '../../components/format/datePresets';
import { fromWall } from '../../components/format/time';
import { saveFile } from '../../components/resource';
import { SearchButtons } from '../../components/resource/SearchButtons';
import { afterTableChange, sortOrderOf, stripEmpty } from '../../components/resource/listState';
import type { RangeApi } from './api';
import { defaultRange, MAX_RANGE_DAYS, rangeProblem } from './range';

type Values = { range?: [Dayjs, Dayjs] } & Record<string, unknown>;

interface Query {
  filters: Record<string, unknown>;
  page: number;
  pageSize: number;
  sort: string | undefined;
}

interface RangeSearchProps<R extends { id: number }> {
  /** Test id and cache key: `audit`, `event-tracking`. */
  name: string;
  api: RangeApi<R>;
  /** More filters: Form.Items named after the search fields. */
  filters: ReactNode;
  /** Columns; give `sorter: true` to those the server sorts by (their key is the sort field). */
  columns: TableColumnsType<R>;
  exportPermission: string;
}

/** Search within a time range of at most 92 days (SPEC §5), with date presets, paging, sort and xlsx export. */
export function RangeSearch<R extends { id: number }>({ name, api, filters, columns, exportPermission }: RangeSearchProps<R>) {
  const t = useTranslate(['audit', 'resource']);
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const [initial] = useState(() => ({ range: defaultRange() }));
  const [query, setQuery] = useState<Query>(() => ({ filters: toFilters(initial), page: 1, pageSize: 20, sort: undefined }));
  const body = stripEmpty({ ...query.filters, page: query.page, pageSize: query.pageSize, sort: query.sort });
  const list = useQuery({
    queryKey: [name, 'search', body],
    queryFn: ({ signal }) => api.search(body, signal),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({
    mutationFn: () => api.exportFile(stripEmpty({ ...query.filters, sort: query.sort })),
    onSuccess: (file) => saveFile(file.blob, file.filename),
  });
  const rangeLabel = t('range.label');

  const onChange = (pagination: TablePaginationConfig, _: unknown, sorter: SorterResult<R> | SorterResult<R>[]) =>
    setQuery({ ...query, ...afterTableChange(query, pagination, sorter) });

  return (
    <Flex vertical gap={16} data-testid={`${name}-search`}>
      <Form form={form} layout="inline" name={`${name}-search`} initialValues={initial} style={{ rowGap: 12 }} onFinish={(values) => setQuery({ ...query, filters: toFilters(values), page: 1 })}>
        <Form.Item
          name="range"
          label={rangeLabel}
          rules={[
            { required: true, message: t('validation.required', { field: rangeLabel }) },
            {
              validator: async (_, range?: [Dayjs, Dayjs]) => {
                const problem = range && rangeProblem(range[0], range[1]);
                if (problem) throw new Error(t(`range.${problem}`, { days: MAX_RANGE_DAYS }));
              },
            },
          ]}
        >
          <DatePicker.RangePicker showTime presets={rangePresets((preset) => t(`datePresets.${preset}`))} aria-label={rangeLabel} />
        </Form.Item>
        {filters}
        <SearchButtons
          t={t}
          onReset={() => {
            form.resetFields();
            setQuery({ ...query, filters: toFilters(initial), page: 1 });
          }}
        >
          {can(exportPermission) && (
            <Button icon={<DownloadOutlined aria-hidden />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
              {t('resource.export')}
            </Button>
          )}
          <Tooltip title={t('common.refresh')}>
            <Button icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => void list.refetch()} />
          </Tooltip>
        </SearchButtons>
      </Form>
      <Table<R>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns.map((column) => (column.sorter ? { ...column, sortOrder: sortOrderOf(query.sort, String(column.key)) } : column))}
        dataSource={list.data?.items ?? []}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        data-testid={`${name}-table`}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => t('resource.total', { count }),
        }}
      />
    </Flex>
  );
}

/** The form's values as search fields: the range, picked on the user's zone's clock, as `startTime` and `endTime`. */
function toFilters({ range, ...rest }: Values): Record<string, unknown> {
  return { ...rest, startTime: range && fromWall(range[0]).format(), endTime: range && fromWall(range[1]).format() };
}
