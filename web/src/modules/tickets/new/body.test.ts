import { describe, expect, it } from 'vitest';
import type { Column, Row } from '../../../components/resource';
import { newTicketBody } from './body';
import { checkImages, checkTags } from './rules';

const t = (key: string, options?: Record<string, unknown>) => `${key} ${JSON.stringify(options ?? {})}`;
const fields = ['title', 'category', 'accountEmail', 'tags', 'assigneeId', 'attachments'].map((key) => ({ key, title: key, form: {} })) as Column<Row>[];

describe('new-ticket form -> POST ticket/add body', () => {
  it('trims text, leaves empty fields out and sends the uploaded images as attachments', () => {
    const image = { uid: 'a', status: 'done', response: { id: 4, name: 'shot.png', contentType: 'image/png', size: 10, public: false, url: '/f', expiresAt: null } };
    const body = newTicketBody({ title: '  Orders stuck ', category: 'Orders', accountEmail: '  ', tags: ['sync'], assigneeId: 7, attachments: [image] }, fields);
    expect(body).toEqual({ title: 'Orders stuck', category: 'Orders', tags: ['sync'], assigneeId: 7, attachments: [{ kind: 'IMAGE', fileId: 4, name: 'shot.png' }] });
  });

  it('sends no attachments when no image was picked', () => {
    expect(newTicketBody({ title: 'x' }, fields).attachments).toEqual([]);
  });
});

describe('new-ticket field rules', () => {
  it('takes up to 10 tags of up to 32 characters', () => {
    expect(checkTags(['a', 'b'], 'Tags', t)).toBeUndefined();
    expect(checkTags(Array.from({ length: 11 }, (_, i) => `t${i}`), 'Tags', t)).toContain('new.tagsRule');
    expect(checkTags(['x'.repeat(33)], 'Tags', t)).toContain('new.tagsRule');
  });

  it('waits for images still uploading', () => {
    expect(checkImages([{ uid: '1', status: 'uploading' }], 'Images', t)).toContain('new.uploading');
    expect(checkImages([], 'Images', t)).toBeUndefined();
  });
});
