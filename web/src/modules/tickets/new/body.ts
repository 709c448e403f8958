import { formPayload } from '../../../components/resource/formRules';
import type { Column, Row } from '../../../components/resource';
import type { NewTicket } from '../api';
import { attachmentsOf, type PickedImage } from './images';

/** The form's values as `POST ticket/add` takes them: text trimmed, empty fields left out, images as attachments. */
export function newTicketBody(values: Record<string, unknown>, fields: readonly Column<Row>[]): NewTicket {
  const payload = formPayload(values, fields, 'create');
  const images = (payload.attachments ?? []) as PickedImage[];
  return { ...payload, attachments: attachmentsOf(images) } as NewTicket;
}
