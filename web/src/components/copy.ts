import { i18n } from '../i18n';
import { throttle } from './timing';
import { toast } from './feedback';

/** SPEC §9: copy actions are throttled at 100 ms. */
export const COPY_THROTTLE_MS = 100;

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}

async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // not allowed here (insecure origin, no permission): fall back to a selection
  }
  return copyWithSelection(text);
}

/** Puts `text` on the clipboard and says 'Copy Succeeded'; repeated clicks within 100 ms copy once. */
export const copyText = throttle((text: string) => {
  void writeClipboard(text).then((copied) => {
    if (copied) toast.success(i18n.t('common.copySucceeded'));
    else toast.error(i18n.t('common.copyFailed'));
  });
}, COPY_THROTTLE_MS);
