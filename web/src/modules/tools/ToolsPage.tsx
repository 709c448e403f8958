import { useState } from 'react';
import { Alert, Button, Card, Space, Table, Typography, Upload } from 'antd';
import { CopyOutlined, InboxOutlined } from '@ant-design/icons';
import { useCan } from '../../app/access/can';
import { copyText } from '../../components/copy';
import { PageCard } from '../../components/PageCard';
import { useTranslate } from '../../i18n';
import { UPLOAD_PERMISSIONS, uploadFile, type StoredFile, type UploadKind } from './api';

interface Uploaded extends StoredFile {
  kind: UploadKind;
  link: string;
}

function UploadCard({ kind, onUploaded }: { kind: UploadKind; onUploaded: (file: Uploaded) => void }) {
  const t = useTranslate(['tools']);
  return (
    <Card title={t(`${kind}.title`)} data-testid={`upload-${kind}`}>
      <Upload.Dragger
        multiple
        showUploadList={false}
        customRequest={({ file, onSuccess, onError }) => {
          uploadFile(kind, file as File).then(
            (stored) => {
              onUploaded({ ...stored, kind, link: stored.publicLink ?? stored.url });
              onSuccess?.(stored);
            },
            (error: Error) => onError?.(error),
          );
        }}
      >
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p className="ant-upload-text">{t('drop')}</p>
        <p className="ant-upload-hint">{t(`${kind}.hint`)}</p>
      </Upload.Dragger>
    </Card>
  );
}

/** Common tools (SPEC §2): OSS upload, and the unrestricted upload for holders of its own permission. */
export default function ToolsPage() {
  const t = useTranslate(['tools']);
  const can = useCan();
  const [uploaded, setUploaded] = useState<Uploaded[]>([]);
  const kinds = (['public', 'unrestricted'] as const).filter((kind) => can(UPLOAD_PERMISSIONS[kind]));
  const add = (file: Uploaded) => setUploaded((files) => [file, ...files]);
  return (
    <PageCard>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {kinds.length === 0 && <Alert type="info" showIcon title={t('none')} />}
        {kinds.map((kind) => <UploadCard key={kind} kind={kind} onUploaded={add} />)}
        {uploaded.length > 0 && (
          <Table<Uploaded>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={uploaded}
            data-testid="uploaded-files"
            columns={[
              { key: 'name', title: t('name'), dataIndex: 'name' },
              { key: 'kind', title: t('kind'), render: (_, file) => t(`${file.kind}.title`) },
              { key: 'size', title: t('size'), dataIndex: 'size' },
              {
                key: 'link',
                title: t('link'),
                render: (_, file) => (
                  <Space>
                    <Typography.Link href={file.link} target="_blank" rel="noreferrer">{file.link}</Typography.Link>
                    <Button size="small" icon={<CopyOutlined />} aria-label={t('copy')} onClick={() => copyText(file.link)} />
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Space>
    </PageCard>
  );
}
