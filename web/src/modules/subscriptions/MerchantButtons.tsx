import { useState } from 'react';
import { Button } from 'antd';
import { Can } from '../../app/access/can';
import { useTranslate } from '../../i18n';
import type { MerchantSlotProps } from '../merchants/detail/slots';
import type { SubscriptionKind } from './api';
import { SubscriptionDialog } from './SubscriptionDialog';

const BUTTONS: { kind: SubscriptionKind; permission: string; label: string }[] = [
  { kind: 'SUBSCRIBE', permission: 'account#subscribe', label: 'dialog.subscribeTitle' },
  { kind: 'GIFT', permission: 'account#gift', label: 'dialog.giftTitle' },
];

/** The merchant detail's subscribe and gift buttons (SPEC §2), each opening its dialog for this merchant. */
export function SubscriptionButtons({ merchant, reload }: MerchantSlotProps) {
  const t = useTranslate(['subscriptions']);
  const [open, setOpen] = useState<SubscriptionKind>();
  return (
    <>
      {BUTTONS.map(({ kind, permission, label }) => (
        <Can key={kind} permission={permission}>
          <Button type={kind === 'SUBSCRIBE' ? 'primary' : 'default'} onClick={() => setOpen(kind)}>{t(label)}</Button>
        </Can>
      ))}
      {open && (
        <SubscriptionDialog kind={open} merchantId={merchant.id} country={merchant.country} open
          onClose={() => setOpen(undefined)} onConfirmed={reload} />
      )}
    </>
  );
}
