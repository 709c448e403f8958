import { Form, Modal } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { FormControl } from '../../components/resource/fields';
import { useTranslate } from '../../i18n';
import { useTranslation } from 'react-i18next';
import { detailPath, shelfMergeApi, type MergeThroughput, type ShelfMergeBody } from './api';
import { formatDuration } from './duration';
import { MERGE_FIELDS } from './mergeFields';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The warehouse the location screen shows, picked already. */
  warehouseId?: number;
}

const FIELDS = MERGE_FIELDS.map((field) => field.key);

/** How long the merge should take, from how fast the warehouse's recent merges went (nothing measured: not known). */
function EstimateText({ rate, skus }: { rate: MergeThroughput | null | undefined; skus: number }) {
  const t = useTranslate(['shelf-merges']);
  const { i18n } = useTranslation();
  if (rate === undefined) return null;
  if (rate === null || rate.itemsPerMinute <= 0) return <span data-testid="merge-estimate">{t('throughputUnknown')}</span>;
  if (!skus) return <span data-testid="merge-estimate">{t('throughputKnown', { rate: rate.itemsPerMinute })}</span>;
  const duration = formatDuration((skus * rate.seconds) / rate.items, i18n.language);
  return <span data-testid="merge-estimate">{t('throughputEstimate', { rate: rate.itemsPerMinute, count: skus, duration })}</span>;
}

/**
 * Start a shelf merge (location management): a warehouse, the source shelves and the target shelf, with the kit's
 * pickers. The server checks the same rules and names the field it refuses; the new merge's page opens.
 */
export function StartMergeDialog({ open, onClose, warehouseId }: Props) {
  const t = useTranslate(['shelf-merges']);
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const warehouse: number | undefined = Form.useWatch('warehouseId', form) ?? warehouseId;
  const sources: number[] = Form.useWatch('sourceShelfIds', form) ?? [];
  const shelves = useQuery({
    queryKey: ['shelf-merge', 'shelves', warehouse], enabled: open && Boolean(warehouse),
    queryFn: ({ signal }) => shelfMergeApi.shelves(warehouse!, signal),
  });
  const starting = useMutation({
    mutationFn: shelfMergeApi.start,
    onSuccess: (merge) => { onClose(); void navigate(detailPath(merge.id)); },
    onError: (error) => showFieldErrors(form, error, FIELDS),
  });
  const throughput = useQuery({
    queryKey: ['shelf-merge', 'throughput', warehouse], enabled: open && Boolean(warehouse),
    queryFn: ({ signal }) => shelfMergeApi.throughput(warehouse!, signal),
  });
  const skus = (shelves.data ?? []).filter((shelf) => sources.includes(shelf.id)).reduce((sum, shelf) => sum + shelf.skus, 0);
  return (
    <Modal open={open} title={t('start')} okText={t('startOk')} onCancel={onClose} confirmLoading={starting.isPending} destroyOnHidden
      onOk={() => void form.validateFields().then((body: ShelfMergeBody) => { starting.mutate({ ...body, warehouseId: body.warehouseId ?? warehouseId! }); })}>
      <Form form={form} layout="vertical" initialValues={{ warehouseId }} preserve={false}>
        {MERGE_FIELDS.map((field) => {
          const label = t(field.title);
          return (
            <Form.Item key={field.key} name={field.key} label={label} rules={[{ required: true, message: t('required', { field: label }) }]}
              extra={field.key === 'targetShelfId' ? <>{t('estimate')} <EstimateText rate={throughput.data} skus={skus} /></> : undefined}>
              <FormControl column={field} label={label} disabled={field.key === 'warehouseId' && Boolean(warehouseId)} />
            </Form.Item>
          );
        })}
      </Form>
    </Modal>
  );
}
