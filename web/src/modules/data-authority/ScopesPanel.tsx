import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Spin, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from '../../i18n';
import { useCan } from '../../app/access/can';
import { toast } from '../../components/feedback';
import { useOnChange } from '../../components/useOnChange';
import { dataAuthorityApi, type Effective, type ScopeGrant, type Subject } from './api';
import { missingValues } from './scopes';
import { ScopesEditor } from './ScopesEditor';

function EffectiveScope({ effective }: { effective: Effective }) {
  const t = useTranslate(['data-authority']);
  const list = (values: string[] | null | undefined) => (values ? values.map((value) => <Tag key={value}>{value}</Tag>) : t('effective.any'));
  if (effective.unrestricted) return <Alert type="info" showIcon title={t('effective.unrestricted')} />;
  return (
    <Descriptions size="small" bordered column={1} title={t('effective.title')}>
      <Descriptions.Item label={t('effective.countries')}>{list(effective.countries)}</Descriptions.Item>
      <Descriptions.Item label={t('effective.teams')}>{list(effective.teams)}</Descriptions.Item>
      <Descriptions.Item label={t('effective.ownership')}>
        {effective.own || effective.department ? [effective.own && t('effective.own'), effective.department && t('effective.department')].filter(Boolean).join(' / ') : t('effective.any')}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The data scopes granted to one role or user, editable by holders of `data-authority#edit`. */
export function ScopesPanel({ subject }: { subject: Subject }) {
  const t = useTranslate(['data-authority']);
  const may = useCan()('data-authority#edit');
  const queryClient = useQueryClient();
  const queryKey = ['data-authority', subject.kind, subject.id];
  const current = useQuery({ queryKey, queryFn: ({ signal }) => dataAuthorityApi.load(subject, signal) });
  const [scopes, setScopes] = useState<ScopeGrant[]>([]);
  useOnChange(current.data ? `${subject.kind}:${subject.id}:${current.dataUpdatedAt}` : '', () => setScopes(current.data?.scopes ?? []));
  const missing = missingValues(scopes);
  const save = useMutation({
    mutationFn: () => dataAuthorityApi.save(subject, scopes),
    onSuccess: () => {
      toast.success(t('saved'));
      void queryClient.invalidateQueries({ queryKey: ['data-authority'] });
    },
  });
  return (
    <Spin spinning={current.isPending}>
      <Flex vertical gap={16}>
        <Alert type="info" title={t('hint')} />
        <ScopesEditor value={scopes} onChange={setScopes} disabled={!may} />
        {missing.length > 0 && <Alert type="warning" title={t('valuesRequired')} />}
        {may && (
          <div>
            <Button type="primary" loading={save.isPending} disabled={missing.length > 0 || !current.data} onClick={() => save.mutate()}>
              {t('save')}
            </Button>
          </div>
        )}
        {current.data?.effective && <EffectiveScope effective={current.data.effective} />}
      </Flex>
    </Spin>
  );
}
