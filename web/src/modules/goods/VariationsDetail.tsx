import { Table, Typography } from 'antd';
import { useTranslate } from '../../i18n';
import type { ChannelProduct, ChannelVariation } from './api';

/** A channel product's variations: channel SKU, price, channel stock and the master SKU each sells. */
export function VariationsDetail({ row }: { row: ChannelProduct }) {
  const t = useTranslate(['goods']);
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>{t('variations')}</Typography.Title>
      <Table<ChannelVariation>
        rowKey="id"
        size="small"
        pagination={false}
        data-testid="goods-variations"
        dataSource={row.variations}
        columns={[
          { key: 'channelSku', title: t('channelSku'), dataIndex: 'channelSku' },
          { key: 'name', title: t('variationName'), dataIndex: 'name' },
          { key: 'price', title: t('price'), dataIndex: 'price', align: 'right' },
          { key: 'stock', title: t('channelStock'), dataIndex: 'stock', align: 'right' },
          { key: 'masterSku', title: t('masterSku'), render: (_, variation) => variation.masterSku ?? t('notMapped') },
        ]}
      />
    </>
  );
}
