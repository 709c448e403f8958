import { useState } from 'react';
import { Button, Flex, Modal, Table, Tag } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { ReferenceSearch } from '../../components/ReferenceSelect';
import { toast } from '../../components/feedback';
import type { components } from '../../api/schema';
import { useTranslate } from '../../i18n';
import { goodsApi, type ChannelProduct, type ChannelVariation } from './api';

type Master = components['schemas']['WmsProductOption'];
const masterName = (master: Master) => [master.sku, master.name, master.variant].filter(Boolean).join(' · ');

/** One variation's mapping: its master SKU picked from the listing merchant's master products, or cleared. */
function VariationMapping({ variation, merchantId, onSaved }: { variation: ChannelVariation; merchantId: number; onSaved: (row: ChannelProduct) => void }) {
  const t = useTranslate(['goods', 'resource']);
  const [picked, setPicked] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (masterId: number | null) => goodsApi.map(variation.id, masterId),
    onSuccess: (row) => { toast.success(variation.channelSku); setPicked(null); onSaved(row); },
    onError: (error) => toast.error(error instanceof Error ? error.message : String(error)),
  });
  return (
    <Flex gap={8} align="center">
      <div style={{ flex: 1, minWidth: 220 }}>
        <ReferenceSearch<Master>
          api="/cms/goods/local/options"
          params={{ merchantId }}
          name={masterName}
          id={`map-${variation.id}`}
          label={t('masterProductId')}
          value={picked ?? undefined}
          onChange={(value) => setPicked(value === null || value === undefined ? null : Number(value))}
        />
      </div>
      <Button type="primary" disabled={picked === null} loading={save.isPending} onClick={() => save.mutate(picked)}>
        {t('mapSave')}
      </Button>
      {variation.masterSku && (
        <Button danger loading={save.isPending} onClick={() => save.mutate(null)}>{t('unmap')}</Button>
      )}
    </Flex>
  );
}

/** Map each variation of a channel product to a master SKU of its merchant (picked, never typed). */
export function MapDialog({ product, onClose, done }: { product: ChannelProduct; onClose: () => void; done: () => void }) {
  const t = useTranslate(['goods', 'resource']);
  const [row, setRow] = useState(product);
  return (
    <Modal open width={880} title={t('mapTitle', { name: row.name })} footer={null} onCancel={onClose} destroyOnHidden>
      <Table<ChannelVariation>
        rowKey="id"
        size="small"
        pagination={false}
        data-testid="goods-map"
        dataSource={row.variations}
        columns={[
          { key: 'channelSku', title: t('channelSku'), dataIndex: 'channelSku' },
          { key: 'name', title: t('variationName'), dataIndex: 'name' },
          { key: 'masterSku', title: t('masterSku'), render: (_, v) => (v.masterSku ? <Tag color="green">{v.masterSku}</Tag> : <Tag>{t('notMapped')}</Tag>) },
          { key: 'map', title: t('map'), width: 420,
            render: (_, v) => <VariationMapping variation={v} merchantId={row.merchantId} onSaved={(next) => { setRow(next); done(); }} /> },
        ]}
      />
    </Modal>
  );
}
