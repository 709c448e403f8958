import { Table, Tag } from 'antd';
import { ConfirmButton } from '../../../components/ConfirmAction';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Can } from '../../../app/access/can';
import { toast } from '../../../components/feedback';
import { formatTime } from '../../../components/format/time';
import { enumLabel, useEnumOptions } from '../../../components/resource';
import { useTranslate } from '../../../i18n';
import { merchantApi, type Shop } from '../api';

/** The merchant's shops (SPEC §3) with bind and unbind, each confirmed first (SPEC §5 "Cancel actions ask confirmation"). */
export function ShopsPanel({ merchantId, onChanged }: { merchantId: number; onChanged: () => void }) {
  const t = useTranslate(['merchants', 'shops', 'resource']);
  const queryClient = useQueryClient();
  const shops = useQuery({
    queryKey: ['merchant', merchantId, 'shops'],
    queryFn: ({ signal }) => merchantApi.shops(merchantId, signal),
  });
  const channels = useEnumOptions('Channel');
  const states = useEnumOptions('ShopConnectionStatus');
  const countries = useEnumOptions('Country');
  const change = useMutation({
    mutationFn: (shop: Shop) => (shop.bound ? merchantApi.unbind(shop.id) : merchantApi.bind(shop.id)),
    onSuccess: () => {
      toast.success(t('resource.saved'));
      void queryClient.invalidateQueries({ queryKey: ['merchant', merchantId] });
      onChanged();
    },
  });
  return (
    <Table<Shop>
      rowKey="id"
      size="small"
      data-testid="merchant-shops"
      loading={shops.isFetching}
      dataSource={shops.data?.items ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'name', title: t('shops:name'), dataIndex: 'name' },
        { key: 'channel', title: t('shops:channel'), dataIndex: 'channel', render: (value) => enumLabel(channels, value) },
        { key: 'country', title: t('country'), dataIndex: 'country', render: (value) => enumLabel(countries, value) },
        { key: 'externalShopId', title: t('shops:externalShopId'), dataIndex: 'externalShopId' },
        { key: 'connectionStatus', title: t('shops:connectionStatus'), dataIndex: 'connectionStatus', render: (value) => enumLabel(states, value) },
        { key: 'bound', title: t('shops:bound'), dataIndex: 'bound', render: (bound: boolean) => <Tag color={bound ? 'green' : 'default'}>{t(bound ? 'shops:boundYes' : 'shops:boundNo')}</Tag> },
        { key: 'latestOrderSyncAt', title: t('shops:latestOrderSyncAt'), dataIndex: 'latestOrderSyncAt', render: (value) => formatTime(value) },
        {
          key: 'actions',
          title: t('resource.actions'),
          render: (_, shop) => (
            <Can permission={shop.bound ? 'shop#unbind' : 'shop#bind'}>
              <ConfirmButton size="small" danger={shop.bound} question={t(shop.bound ? 'shops:unbindConfirm' : 'shops:bindConfirm', { name: shop.name })}
                facts={[{ label: t('shops:name'), value: shop.name }, { label: t('shops:channel'), value: enumLabel(channels, shop.channel) }]}
                onConfirm={() => change.mutateAsync(shop)}>
                {t(shop.bound ? 'shops:unbind' : 'shops:bind')}
              </ConfirmButton>
            </Can>
          ),
        },
      ]}
    />
  );
}
