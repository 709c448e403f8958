import { useState } from 'react';
import { Alert, Modal, Table, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { Translate } from '../../i18n';
import { isApiError } from '../../api/ApiError';
import { toast } from '../feedback';
import type { ResourceApi } from './api';
import { errorsOf, type FieldError } from './fieldErrors';
import { IMPORT_ACCEPT, IMPORT_MAX_BYTES, importFileProblem } from './importFile';
import type { Row } from './types';

type RowError = FieldError & { row?: number };

interface ImportDialogProps<R extends Row> {
  api: ResourceApi<R>;
  onClose: () => void;
  onImported: () => void;
  t: Translate;
}

/** SPEC §5: xls or xlsx under 5 MB; a refused file shows which rows and fields were wrong. */
export function ImportDialog<R extends Row>({ api, onClose, onImported, t }: ImportDialogProps<R>) {
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const upload = useMutation({
    mutationFn: (chosen: File) => api.importFile(chosen),
    onSuccess: ({ imported }) => {
      toast.success(t('resource.imported', { count: imported }));
      onImported();
    },
  });
  const error = upload.error;
  const rowErrors = errorsOf(error) as RowError[];

  return (
    <Modal
      open
      title={t('resource.importTitle')}
      okText={t('resource.import')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !file }}
      confirmLoading={upload.isPending}
      onOk={() => file && upload.mutate(file)}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <Upload.Dragger
        accept={IMPORT_ACCEPT}
        maxCount={1}
        fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
        onRemove={() => setFile(undefined)}
        beforeUpload={(chosen) => {
          const found = importFileProblem(chosen);
          setProblem(found && t(`resource.importProblem.${found}`, { max: IMPORT_MAX_BYTES / 1024 / 1024 }));
          setFile(found ? undefined : chosen);
          upload.reset();
          return false; // sent when the user confirms, not on choice
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('resource.importHint')}</p>
        <p className="ant-upload-hint">{t('resource.importRules', { max: IMPORT_MAX_BYTES / 1024 / 1024 })}</p>
      </Upload.Dragger>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} />}
      {isApiError(error) && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title={error.message}
          description={error.transactionId && <Typography.Text copyable>{`${t('http.transactionId')}: ${error.transactionId}`}</Typography.Text>}
          data-testid="import-error"
        />
      )}
      {rowErrors.length > 0 && (
        <Table<RowError>
          style={{ marginTop: 12 }}
          size="small"
          rowKey={(item) => `${item.row}-${item.field}-${item.rule}`}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={rowErrors}
          data-testid="import-row-errors"
          columns={[
            { key: 'row', title: t('resource.importRow'), dataIndex: 'row', width: 80 },
            { key: 'field', title: t('resource.importField'), dataIndex: 'field', width: 160 },
            { key: 'message', title: t('resource.importMessage'), dataIndex: 'message' },
          ]}
        />
      )}
    </Modal>
  );
}
