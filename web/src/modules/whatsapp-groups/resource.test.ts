import { describe, expect, it } from 'vitest';
import { checkInviteLink } from './resource';

const t = (key: string, options?: Record<string, unknown>) => `${key}:${String(options?.field)}`;

describe('checkInviteLink', () => {
  it('takes a WhatsApp invite link, trimmed', () => {
    expect(checkInviteLink(' https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv ', 'Invite link', t as never)).toBeUndefined();
  });

  it.each(['https://wa.me/6281234567890', 'http://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv', 'https://chat.whatsapp.com/short'])(
    'refuses %s naming the field',
    (link) => {
      expect(checkInviteLink(link, 'Invite link', t as never)).toBe('rule.inviteLink:Invite link');
    },
  );
});
