import { useRef, useState } from 'react';
import { Flex, Typography, Upload, type UploadFile, type UploadProps } from 'antd';
import { useTranslate } from '../../../i18n';
import type { InputProps } from '../../../components/resource';
import type { StoredFile } from '../detail/api';
import { AddTile, uploadAtOnce } from '../detail/uploadParts';
import { IMAGE_TYPES, MAX_IMAGES, refusalOf } from './images';

type Picked = UploadFile<StoredFile>;

/**
 * The images of a new ticket, uploaded (common/upload-file) as soon as they are picked. A fifth
 * image, or a file that is not an image, is refused with a message saying why.
 */
export function ImagesInput({ id, label, value, onChange }: InputProps) {
  const t = useTranslate(['tickets']);
  const images = (value as Picked[] | undefined) ?? [];
  const held = useRef(images.length);
  held.current = images.length;
  const [refusal, setRefusal] = useState<string>();

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const why = refusalOf(file, batch, held.current);
    if (why === 'type') setRefusal(t('new.imageType', { name: file.name }));
    else if (why === 'limit') setRefusal(t('new.imageLimit', { max: MAX_IMAGES }));
    else if (file === batch[0]) setRefusal(undefined);
    return why ? Upload.LIST_IGNORE : true;
  };

  return (
    <Flex vertical gap={4} data-testid="ticket-images">
      <Upload<StoredFile>
        id={id}
        listType="picture-card"
        multiple
        accept={IMAGE_TYPES}
        fileList={images}
        beforeUpload={beforeUpload}
        customRequest={uploadAtOnce}
        // A failed upload has been reported already (the notification names the file); it leaves the list.
        onChange={({ fileList }) => onChange?.(fileList.filter((file) => file.status !== 'error'))}
        onRemove={() => setRefusal(undefined)}
      >
        {images.length < MAX_IMAGES && <AddTile label={`${label}: ${t('new.addImage')}`} text={t('new.addImage')} />}
      </Upload>
      <Typography.Text type="secondary">{t('new.imagesHint', { max: MAX_IMAGES })}</Typography.Text>
      {refusal && (
        <Typography.Text type="danger" role="alert" data-testid="ticket-images-refused">
          {refusal}
        </Typography.Text>
      )}
    </Flex>
  );
}
