import { useRef } from 'react';
import { Upload, type UploadFile, type UploadProps } from 'antd';
import { toast } from '../../../components/feedback';
import { useTranslate } from '../../../i18n';
import type { AttachmentBody, StoredFile } from './api';
import { AddTile, uploadAtOnce } from './uploadParts';
import { attachmentKind, MAX_FILES, splitByLimit } from './uploadLimit';

/** The image and video types the upload API accepts. */
const ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.mp4,.mov';

interface FileUploaderProps {
  files: UploadFile<StoredFile>[];
  onChange: (files: UploadFile<StoredFile>[]) => void;
}

/** The attachments of a comment, uploaded as soon as they are picked; the eleventh is refused (SPEC §5). */
export function FileUploader({ files, onChange }: FileUploaderProps) {
  const t = useTranslate(['tickets']);
  const held = useRef(files.length);
  held.current = files.length;

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const { refused } = splitByLimit(held.current, batch);
    if (!refused.includes(file)) return true;
    if (file === refused[0]) toast.error(t('detail.attachments.tooMany', { max: MAX_FILES }));
    return Upload.LIST_IGNORE;
  };

  return (
    <Upload<StoredFile>
      listType="picture-card"
      multiple
      accept={ACCEPT}
      fileList={files}
      beforeUpload={beforeUpload}
      customRequest={uploadAtOnce}
      onChange={({ fileList }) => onChange(fileList.filter((file) => file.status !== 'error'))}
      data-testid="comment-files"
    >
      {files.length < MAX_FILES && <AddTile label={t('detail.attachments.add')} text={t('detail.attachments.add')} />}
    </Upload>
  );
}

/** Uploaded files as the comment API takes them; undefined while one is still uploading. */
export function attachmentsOf(files: readonly UploadFile<StoredFile>[]): AttachmentBody[] | undefined {
  if (files.some((file) => file.status !== 'done' || !file.response)) return undefined;
  return files.map(({ response }) => ({ kind: attachmentKind(response!.contentType), fileId: response!.id, name: response!.name }));
}
