import { Flex, Image, Typography } from 'antd';
import { useQueries } from '@tanstack/react-query';
import { useTranslate } from '../../../i18n';
import { ticketDetailApi, type TicketAttachment } from './api';

/** Signed links expire after an hour: ask again well before. */
const LINK_STALE_MS = 30 * 60_000;

/** Where each attachment can be loaded from: its own URL, or a signed link to the stored file. */
function useLinks(attachments: readonly TicketAttachment[]): (attachment: TicketAttachment) => string | undefined {
  const stored = attachments.filter((a) => !a.url && a.fileId !== null);
  const links = useQueries({
    queries: stored.map((a) => ({
      queryKey: ['file', 'link', a.fileId],
      queryFn: ({ signal }: { signal: AbortSignal }) => ticketDetailApi.fileLink(a.fileId!, signal),
      staleTime: LINK_STALE_MS,
    })),
  });
  const byFile = new Map(stored.map((a, index) => [a.fileId, links[index]?.data?.url]));
  return (attachment) => attachment.url ?? byFile.get(attachment.fileId);
}

/** Images as thumbnails that open a preview (browsable between them), videos playable in place. */
export function AttachmentGallery({ attachments, size = 96 }: { attachments: readonly TicketAttachment[]; size?: number }) {
  const t = useTranslate(['tickets']);
  const linkOf = useLinks(attachments);
  if (!attachments.length) return <Typography.Text type="secondary">{t('detail.attachments.none')}</Typography.Text>;
  const images = attachments.filter((a) => a.kind === 'IMAGE');
  const videos = attachments.filter((a) => a.kind === 'VIDEO');
  return (
    <Flex wrap gap={8} data-testid="attachment-gallery">
      <Image.PreviewGroup>
        {images.map((a) => (
          <Image
            key={a.id}
            width={size}
            height={size}
            style={{ objectFit: 'cover' }}
            src={linkOf(a)}
            alt={a.name ?? t('detail.attachments.image')}
            data-testid="attachment-image"
          />
        ))}
      </Image.PreviewGroup>
      {videos.map((a) => (
        <video key={a.id} src={linkOf(a)} controls preload="metadata" width={size * 2} height={size} title={a.name ?? undefined} data-testid="attachment-video" />
      ))}
    </Flex>
  );
}
