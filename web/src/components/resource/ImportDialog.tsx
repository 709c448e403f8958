import { useState } from 'react';
import { Alert, Button, Modal, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { Translate } from '../../i18n';
import { isApiError } from '../../api/ApiError';
import { toast } from '../feedback';
import { saveFile, type ResourceApi } from './api';
import { errorsOf, type FieldError } from './fieldErrors';
import { IMPORT_ACCEPT, IMPORT_MAX_BYTES, importFileProblem } from './importFile';
import type { Row } from './types';

/** One refused cell: its row, the column as the file heads it, the rule and the message. */
type RowError = FieldError & { row?: number; column?: string };

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
  const template = useMutation({
    mutationFn: () => api.importTemplate(),
    onSuccess: (file) => saveFile(file.blob, file.filename),
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
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={template.isPending}
        onClick={() => template.mutate()}
        style={{ marginBottom: 12 }}
        data-testid="import-template"
      >
        {t('resource.importTemplate')}
      </Button>
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
          rowKey={(item) => `${item.row}-${item.column ?? item.field}-${item.rule}`}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={rowErrors}
          data-testid="import-row-errors"
          columns={[
            { key: 'row', title: t('resource.importRow'), dataIndex: 'row', width: 80 },
            { key: 'column', title: t('resource.importField'), width: 160, render: (_, item) => item.column ?? item.field },
            { key: 'message', title: t('resource.importMessage'), dataIndex: 'message' },
          ]}
        />
      )}
    </Modal>
  );
}
