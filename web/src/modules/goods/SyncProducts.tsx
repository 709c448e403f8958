import { useState } from 'react';
import { Alert, Button, Form, Modal, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Can } from '../../app/access/can';
import { permissionOf } from '../../app/access/operations';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { FormControl } from '../../components/resource/fields';
import type { Column, Row } from '../../components/resource';
import { toast } from '../../components/feedback';
import { useTranslate } from '../../i18n';
import { ShopInput } from '../shops/ShopInput';
import { FlowLink } from '../stock-sync/FlowLink';
import { channelProducts } from './resources';
import { goodsSyncApi, type GoodsSyncFlow } from './api';

const SHOP: Column<Row> = { key: 'shopId', title: 'syncShop', form: { required: true, input: ShopInput } };
const POLL_MS = 2000;

/** A product sync run's counts, asked again while it runs; the goods list reloads when it is over. */
export function SyncResult({ started, onClose }: { started: GoodsSyncFlow; onClose: () => void }) {
  const t = useTranslate(['goods']);
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['goods/sync', started.workflowId],
    queryFn: async () => {
      const run = await goodsSyncApi.run(started.workflowId);
      if (run.status !== 'RUNNING') void queryClient.invalidateQueries({ queryKey: [channelProducts.api] });
      return run;
    },
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'RUNNING' ? false : POLL_MS),
  });
  const run = data ?? started;
  const type = { RUNNING: 'info', SUCCEEDED: 'success', PARTIAL: 'warning', FAILED: 'error' } as const;
  return (
    <Alert type={type[run.status]} closable onClose={onClose} showIcon data-testid="goods-sync-result" style={{ marginBottom: 12 }}
      message={`${run.shopName}: ${t(`syncStatus.${run.status}`)}`}
      description={
        <Space direction="vertical" size={2}>
          <span>{t('syncCounts', { fetched: run.fetched, created: run.created, updated: run.updated, unchanged: run.unchanged, failed: run.failed })}</span>
          {(run.failedItems ?? []).length > 0 && <span>{t('syncFailedItems', { items: (run.failedItems ?? []).join('; ') })}</span>}
          {run.status === 'FAILED' && run.message && <span>{run.message}</span>}
          <FlowLink url={run.workflowUrl} label={t('openFlow')} />
        </Space>
      } />
  );
}

/** "Sync products": a shop (picked, never typed) whose listings a flow pulls from its channel now; the toast says
 *  'processing, please wait' and the page shows the run's counts (SyncResult). */
export function SyncProducts({ onStarted }: { onStarted: (run: GoodsSyncFlow) => void }) {
  const t = useTranslate(['goods']);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ shopId: number }>();
  const starting = useMutation({
    mutationFn: (shopId: number) => goodsSyncApi.start(shopId),
    onSuccess: (flow) => { toast.info(t('syncStarted')); onStarted(flow); setOpen(false); },
    onError: (error) => showFieldErrors(form, error, ['shopId']),
  });
  return (
    <Can permission={permissionOf('POST /cms/goods/sync')}>
      <Button onClick={() => setOpen(true)} data-testid="goods-sync">{t('sync')}</Button>
      <Modal open={open} title={t('sync')} okText={t('syncOk')} onCancel={() => setOpen(false)} confirmLoading={starting.isPending} destroyOnHidden
        onOk={() => void form.validateFields().then((values) => starting.mutate(values.shopId))}>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="shopId" label={t(SHOP.title)} rules={[{ required: true, message: t('syncShopRequired') }]}>
            <FormControl column={SHOP} label={t(SHOP.title)} />
          </Form.Item>
        </Form>
      </Modal>
    </Can>
  );
}
