import { Badge, Tabs } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { enumLabel, useEnumOptions, type Column, type Row } from '../../components/resource';
import { listStateParams, readListState, searchPayload } from '../../components/resource/listState';
import { DEFAULT_PAGE_SIZE } from '../../components/resource/types';
import { useTranslate } from '../../i18n';
import { goodsApi, type ChannelFilters } from './api';
import { channelProducts } from './resources';

const ALL = 'all';
const COLUMNS = channelProducts.columns as unknown as Column<Row>[];

/** SPEC §4 product listing as tabs over the goods list (all, in process, live, ...), each with how many products
 *  the list's other filters find in it; the tab is the list's listing state filter, so it lives in the address. */
export function ListingTabs() {
  const t = useTranslate(['goods', 'resource']);
  const states = useEnumOptions('ListingState');
  const [params, setParams] = useSearchParams();
  const state = readListState(params, COLUMNS, DEFAULT_PAGE_SIZE);
  const { listingState, ...others } = state.filters;
  const chosen = Array.isArray(listingState) && listingState.length === 1 ? listingState[0]! : listingState ? undefined : ALL;
  // the server counts over the filters only; the page is the list's
  const body = searchPayload({ ...state, filters: others, page: 1, sort: undefined }) as ChannelFilters;
  const counts = useQuery({
    queryKey: [channelProducts.api, 'counts', body],
    queryFn: ({ signal }) => goodsApi.counts(body, signal),
    placeholderData: keepPreviousData,
  });
  const countOf = (key: string) => counts.data?.find((row) => (row.state ?? ALL) === key)?.count;
  const keys = [ALL, ...(counts.data ?? []).flatMap((row) => (row.state ? [row.state] : []))];
  const choose = (key: string) => {
    const filters = key === ALL ? others : { ...others, listingState: [key] };
    setParams(listStateParams({ ...state, filters, page: 1 }, DEFAULT_PAGE_SIZE));
  };
  return (
    <Tabs
      data-testid="goods-listing-tabs"
      activeKey={chosen ?? ''}
      onChange={choose}
      items={keys.map((key) => ({
        key,
        label: (
          <span data-testid={`goods-tab-${key}`}>
            {key === ALL ? t('allListings') : enumLabel(states, key)} <Badge count={countOf(key) ?? 0} showZero overflowCount={999999} color="#8c8c8c" />
          </span>
        ),
      }))}
    />
  );
}
