import type { components } from '../../api/schema';
import { defineResource } from '../../components/resource';
import type { Translate } from '../../i18n';

export type WhatsappGroup = components['schemas']['WhatsappGroupPublic'];

/** An invite link as the server checks it (domain/rules/whatsapp_groups.py). */
export const INVITE_LINK = /^https:\/\/chat\.whatsapp\.com\/[A-Za-z0-9]{16,32}$/;

export function checkInviteLink(value: unknown, label: string, t: Translate): string | undefined {
  return INVITE_LINK.test(String(value).trim()) ? undefined : t('rule.inviteLink', { field: label });
}

/** WhatsApp groups a country's merchants are invited to; the server half is api/routers/whatsapp_groups.py. */
export default defineResource<WhatsappGroup>({
  name: 'whatsapp-groups',
  api: 'whatsapp-group',
  permission: 'whatsapp-group',
  actions: ['add', 'edit', 'delete'],
  defaultSort: '-updatedAt',
  columns: [
    { key: 'name', title: 'name', priority: 'key', filter: true, sorter: true, form: { required: true, max: 64 } },
    { key: 'country', title: 'country', type: 'enum', enum: 'Country', priority: 'key', filter: { multiple: true }, sorter: true, form: { required: true, createOnly: true } },
    { key: 'link', title: 'link', type: 'url', copyable: true, width: 280, ellipsis: true, form: { required: true, max: 100, check: checkInviteLink } },
    { key: 'enabled', title: 'enabled', type: 'boolean', filter: true, form: {} },
    { key: 'memberCount', title: 'memberCount', type: 'number' },
    { key: 'remark', title: 'remark', hidden: true, form: { max: 255 } },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true },
  ],
});
