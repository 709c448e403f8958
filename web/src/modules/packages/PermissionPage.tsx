import { useEffect, useState } from 'react';
import { Button, Card, Descriptions, Space, Spin } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Can } from '../../app/access/can';
import { toast } from '../../components/feedback';
import { useEnumOptions, enumLabel } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { packagesApi } from './api';
import { FeatureTree } from './FeatureTree';
import { listPath, permissionEditPath } from './paths';

/** `common/permission/edit/:id` binds a package's permissions (a new version at once); `view/:id` shows them. */
export default function PermissionPage() {
  const t = useTranslate(['packages', 'resource']);
  const { id } = useParams();
  const viewing = useLocation().pathname.includes('/permission/view/');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const countries = useEnumOptions('Country');
  const record = useQuery({ queryKey: ['package', 'detail', Number(id)], queryFn: () => packagesApi.detail(Number(id)) });
  const [keys, setKeys] = useState<string[]>([]);
  useEffect(() => setKeys(record.data?.featureKeys ?? []), [record.data]);
  const save = useMutation({
    mutationFn: () => packagesApi.bindPermissions(Number(id), keys),
    onSuccess: (saved) => {
      toast.success(t('resource.saved'));
      void queryClient.invalidateQueries({ queryKey: ['package'] });
      navigate(listPath(saved.kind));
    },
  });
  if (record.isPending || !record.data) return <Spin />;
  const row = record.data;
  return (
    <Card title={t(viewing ? 'viewPermissions' : 'permissions')} data-testid="package-permissions">
      <Descriptions size="small" column={3} style={{ marginBottom: 16 }} items={[
        { key: 'name', label: t('name'), children: row.name },
        { key: 'country', label: t('country'), children: enumLabel(countries, row.country) },
        { key: 'version', label: t('version'), children: row.version },
      ]} />
      <FeatureTree value={keys} onChange={setKeys} disabled={viewing} />
      <Space style={{ marginTop: 16 }}>
        {viewing ? (
          <Can permission="package#edit"><Button onClick={() => navigate(permissionEditPath(row.id))}>{t('resource.edit')}</Button></Can>
        ) : (
          <Button type="primary" loading={save.isPending} onClick={() => save.mutate()}>{t('resource.save')}</Button>
        )}
        <Button onClick={() => navigate(listPath(row.kind))}>{t('back')}</Button>
      </Space>
    </Card>
  );
}
