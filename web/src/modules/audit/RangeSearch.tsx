import { useMemo, type ReactNode } from 'react';
import { Button, DatePicker, Flex, Form, Table, Tooltip, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { SorterResult } from 'antd/es/table/interface';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import { useTranslate } from '../../i18n';
import { useCan } from '../../app/access/can';
import { rangePresets } from '../../components/format/datePresets';
import { fromWall, toWall } from '../../components/format/time';
import { useExport } from '../../components/resource';
import { SearchButtons } from '../../components/resource/SearchButtons';
import { afterTableChange, sortOrderOf, stripEmpty } from '../../components/resource/listState';
import { useOnChange } from '../../components/useOnChange';
import type { RangeApi } from './api';
import { defaultRange, MAX_RANGE_DAYS, rangeProblem } from './range';

type Values = { range?: [Dayjs, Dayjs] } & Record<string, unknown>;

interface Query {
  filters: Record<string, unknown>;
  page: number;
  pageSize: number;
  sort: string | undefined;
}

const PAGE_SIZE = 20;
const positive = (text: string | null, fallback: number) => (Number(text) > 0 && Number.isInteger(Number(text)) ? Number(text) : fallback);

/**
 * The search in the address (`?audit.operatorId=7&audit.startTime=…&audit.page=2`), so a link or a reload
 * keeps it; the search's name leads each key, apart from a list beside it on the same page (action mappings).
 */
export function queryOf(name: string, params: URLSearchParams, fallback: Values): Query {
  const prefix = `${name}.`;
  const own = new Map([...params].filter(([key, value]) => key.startsWith(prefix) && value.trim()).map(([key, value]) => [key.slice(prefix.length), value]));
  const filters: Record<string, unknown> = toFilters(fallback);
  for (const [key, value] of own) if (!['page', 'pageSize', 'sort'].includes(key)) filters[key] = value;
  return { filters, page: positive(own.get('page') ?? null, 1), pageSize: positive(own.get('pageSize') ?? null, PAGE_SIZE), sort: own.get('sort') };
}

export function paramsOf(name: string, query: Query): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string) => params.set(`${name}.${key}`, value);
  for (const [key, value] of Object.entries(stripEmpty(query.filters))) put(key, String(value));
  if (query.sort) put('sort', query.sort);
  if (query.page > 1) put('page', String(query.page));
  if (query.pageSize !== PAGE_SIZE) put('pageSize', String(query.pageSize));
  return params;
}

/** The form's values for a search: the range back on the user's zone's clock. */
function valuesOf({ startTime, endTime, ...rest }: Record<string, unknown>): Values {
  const range = startTime && endTime ? ([toWall(String(startTime)), toWall(String(endTime))] as [Dayjs, Dayjs]) : undefined;
  return { ...rest, range };
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
  const initial = useMemo(() => ({ range: defaultRange() }), []);
  const [params, setParams] = useSearchParams();
  const query = queryOf(name, params, initial);
  // The Search button always asks the server, also for the search already shown.
  const setQuery = (next: Query) => {
    const address = paramsOf(name, next);
    if (address.toString() === paramsOf(name, query).toString()) void list.refetch();
    else setParams(address);
  };
  // The address changed (back, a link): the form follows it.
  useOnChange(paramsOf(name, query).toString(), () => {
    form.resetFields();
    form.setFieldsValue(valuesOf(query.filters));
  });
  const body = stripEmpty({ ...query.filters, page: query.page, pageSize: query.pageSize, sort: query.sort });
  const list = useQuery({
    queryKey: [name, 'search', body],
    queryFn: ({ signal }) => api.search(body, signal),
    placeholderData: keepPreviousData,
  });
  const { exporting, notice: exportNotice } = useExport(() => api.exportFile(stripEmpty({ ...query.filters, sort: query.sort })), t);
  const rangeLabel = t('range.label');

  const onChange = (pagination: TablePaginationConfig, _: unknown, sorter: SorterResult<R> | SorterResult<R>[]) =>
    setQuery({ ...query, ...afterTableChange(query, pagination, sorter) });

  return (
    <Flex vertical gap={16} data-testid={`${name}-search`}>
      <Form form={form} layout="inline" name={`${name}-search`} initialValues={valuesOf(query.filters)} style={{ rowGap: 12 }} onFinish={(values) => setQuery({ ...query, filters: toFilters(values), page: 1 })}>
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
            form.setFieldsValue({ ...Object.fromEntries(Object.keys(form.getFieldsValue()).map((key) => [key, undefined])), ...initial });
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
      {exportNotice}
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
export function toFilters({ range, ...rest }: Values): Record<string, unknown> {
  return { ...rest, startTime: range && fromWall(range[0]).format(), endTime: range && fromWall(range[1]).format() };
}
