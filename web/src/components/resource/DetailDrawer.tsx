import { Descriptions, Drawer, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../i18n';
import { asTitle } from '../../i18n/titles';
import type { ResourceApi } from './api';
import { Cell } from './Cell';
import { tableColumns, type Resource, type Row } from './types';

interface DetailDrawerProps<R extends Row> {
  resource: Resource<R>;
  api: ResourceApi<R>;
  id: number;
  onClose: () => void;
  t: Translate;
}

/** Every declared field of one record, fetched fresh (`GET <api>/detail/{id}`), then the resource's own detail. */
export function DetailDrawer<R extends Row>({ resource, api, id, onClose, t }: DetailDrawerProps<R>) {
  const { i18n } = useTranslation();
  const { data } = useQuery({
    queryKey: [resource.api, 'detail', id],
    queryFn: ({ signal }) => api.detail(id, signal),
  });
  return (
    <Drawer open size={resource.detailSize ?? 520} title={asTitle(t('resource.detailTitle', { entity: t(resource.entity) }), i18n.language)} onClose={onClose} data-testid="detail-drawer">
      <Spin spinning={!data}>
        {data && (
          <Descriptions column={1} bordered size="small">
            {tableColumns(resource.columns).map((column) => (
              <Descriptions.Item key={column.key} label={t(column.title)}>
                <Cell column={column as never} row={data} />
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
        {data && resource.detail && <resource.detail row={data} />}
      </Spin>
    </Drawer>
  );
}
