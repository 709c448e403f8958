import type { UploadProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ticketDetailApi, type StoredFile } from './api';

/**
 * What a new ticket's images and a comment's files share: each file is stored (common/upload-file) as soon as it is
 * picked, and the list keeps what the server answered; a tile picks more.
 */
export const uploadAtOnce: UploadProps<StoredFile>['customRequest'] = ({ file, onSuccess, onError }) => {
  ticketDetailApi.upload(file as File).then(
    (stored) => onSuccess?.(stored),
    (error: Error) => onError?.(error),
  );
};

/** The upload list's "add" tile; `label` names it for screen readers, `text` is what it shows. */
export function AddTile({ label, text }: { label: string; text: string }) {
  return (
    <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }} aria-label={label}>
      <PlusOutlined />
      <div style={{ marginTop: 4 }}>{text}</div>
    </button>
  );
}
