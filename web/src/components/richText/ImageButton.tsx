import { useState } from 'react';
import { Button, Tooltip, Upload } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { useTranslate } from '../../i18n';
import { toast } from '../feedback';

/** Stores a picked image and answers the absolute address readers (and mail clients) load it from. */
export type ImageUpload = (file: File) => Promise<string>;

/**
 * Inserts an image as a link to the stored file, never its bytes: the file goes up through `upload` first and the
 * editor writes `<img src="https://…">` (no data: URL is accepted, from here or from a paste).
 */
export function ImageButton({ editor, upload }: { editor: Editor; upload: ImageUpload }) {
  const t = useTranslate(['richText']);
  const [busy, setBusy] = useState(false);
  const insert = async (file: File) => {
    setBusy(true);
    try {
      const src = await upload(file);
      editor.chain().focus().setImage({ src, alt: file.name }).run();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('imageFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Upload
      accept="image/png,image/jpeg,image/gif,image/webp"
      showUploadList={false}
      beforeUpload={(file) => {
        void insert(file);
        return false; // uploaded by `upload`, not by the Upload's own request
      }}
    >
      <Tooltip title={t('image')}>
        <Button size="small" type="text" icon={<PictureOutlined />} aria-label={t('image')} loading={busy} onMouseDown={(event) => event.preventDefault()} />
      </Tooltip>
    </Upload>
  );
}
