import type { components } from '../../api/schema';
import { referenceSelect } from '../../components/ReferenceSelect';

type GroupOption = components['schemas']['WhatsappGroupOption'];

/** The merchant form's and filter's picker of a WhatsApp group: enabled groups, named with their country (the
 *  server refuses a group of another country than the merchant's, on this field). */
export const WhatsappGroupInput = referenceSelect<GroupOption>(
  '/cms/whatsapp-group/options', (group) => `${group.name} (${group.country})`);
