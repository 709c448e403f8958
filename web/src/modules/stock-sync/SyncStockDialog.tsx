import { useState } from 'react';
import { Alert, Form, Modal, Select } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { enumLabel, resourceApi, useEnumOptions } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { stockSyncApi, type EventFlow } from './api';
import { FlowLink } from './FlowLink';
import { MERCHANT_FIELD } from './dialogFields';
import { FormControl } from '../../components/resource/fields';
import type { Binding } from './resources';

const FIELDS = ['merchantId', 'country', 'channel', 'shopId'] as const;
const bindingsApi = resourceApi<Binding>('stock-sync/binding');

/** The stores a merchant can sync: those with a warehouse bound (the server refuses the others anyway). */
function useBoundStores(merchantId: number | undefined) {
  const { data } = useQuery({
    queryKey: ['stock-sync/binding', 'stores', merchantId],
    queryFn: () => bindingsApi.search({ merchantId, pageSize: 500 }),
    enabled: Boolean(merchantId),
  });
  const stores = new Map<number, Binding>();
  for (const row of data?.items ?? []) stores.set(row.shopId, row);
  return [...stores.values()];
}

/** SPEC §5: sync stock needs merchant, country, channel and store. Starts the store's flow and links to it. */
export function SyncStockDialog({ onClose, done }: { onClose: () => void; done: () => void }) {
  const t = useTranslate(['stock-sync', 'resource']);
  const [form] = Form.useForm();
  const merchantId = Form.useWatch('merchantId', form);
  const stores = useBoundStores(merchantId ?? undefined);
  const countries = useEnumOptions('Country');
  const channels = useEnumOptions('Channel');
  const [started, setStarted] = useState<EventFlow>();
  const sync = useMutation({
    mutationFn: stockSyncApi.sync,
    onSuccess: (flow) => { setStarted(flow); done(); },
    onError: (error) => showFieldErrors(form, error, FIELDS),
  });
  const required = (field: string) => [{ required: true, message: t('required', { field: t(field) }) }];
  const pickStore = (shopId: number) => {
    const store = stores.find((row) => row.shopId === shopId);
    if (store) form.setFieldsValue({ country: store.country ?? undefined, channel: store.channel ?? undefined });
  };
  return (
    <Modal open title={t('syncTitle')} okText={t('syncStart')} cancelText={t('common.cancel')} onCancel={onClose}
      onOk={() => (started ? onClose() : form.submit())} confirmLoading={sync.isPending} destroyOnHidden>
      {started ? (
        <Alert type="success" showIcon data-testid="stock-sync-started"
          message={t('syncStarted', { id: started.event.id })}
          description={<FlowLink url={started.workflowUrl} label={t('openFlow')} />} />
      ) : (
        <Form form={form} layout="vertical" name="stock-sync" onFinish={(values) => sync.mutate(values)}
          onValuesChange={(changed: Record<string, unknown>) => {
            // another merchant's stores: the store picked for the last one is no longer a choice
            if ('merchantId' in changed) form.setFieldsValue({ shopId: undefined, country: undefined, channel: undefined });
          }}>
          <Form.Item name="merchantId" label={t('merchantId')} rules={required('merchantId')}>
            <FormControl column={MERCHANT_FIELD} label={t('merchantId')} />
          </Form.Item>
          <Form.Item name="shopId" label={t('shopId')} rules={required('shopId')} extra={t('syncStoreHint')}>
            <Select showSearch optionFilterProp="label" onChange={pickStore}
              options={stores.map((row) => ({ value: row.shopId, label: `${row.shopName ?? row.shopId} (${enumLabel(channels, row.channel)})` }))} />
          </Form.Item>
          <Form.Item name="country" label={t('country')} rules={required('country')}>
            <Select options={countries} />
          </Form.Item>
          <Form.Item name="channel" label={t('channel')} rules={required('channel')}>
            <Select showSearch optionFilterProp="label" options={channels} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
