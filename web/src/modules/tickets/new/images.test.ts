import { describe, expect, it } from 'vitest';
import { attachmentsOf, refusalOf, stillUploading } from './images';

const png = (name: string) => ({ name, type: 'image/png' });

describe('new-ticket images (SPEC §5: "up to 4 images in one form")', () => {
  it('takes images up to the fourth, counting those already in the form', () => {
    const batch = [png('a'), png('b'), png('c')];
    expect(batch.map((file) => refusalOf(file, batch, 0))).toEqual([undefined, undefined, undefined]);
    expect(batch.map((file) => refusalOf(file, batch, 2))).toEqual([undefined, undefined, 'limit']);
  });

  it('refuses a fifth image', () => {
    const fifth = png('e');
    expect(refusalOf(fifth, [fifth], 4)).toBe('limit');
  });

  it('refuses what is not an image, without counting it against the limit', () => {
    const pdf = { name: 'report.pdf', type: 'application/pdf' };
    const batch = [pdf, png('a')];
    expect(refusalOf(pdf, batch, 3)).toBe('type');
    expect(refusalOf(batch[1]!, batch, 3)).toBeUndefined();
  });

  it('sends the uploaded files as image attachments, and knows when one is still uploading', () => {
    const done = { uid: '1', status: 'done', response: { id: 9, name: 'a.png', contentType: 'image/png', size: 1, public: false, url: '/x', expiresAt: null } };
    expect(attachmentsOf([done])).toEqual([{ kind: 'IMAGE', fileId: 9, name: 'a.png' }]);
    expect(stillUploading([done])).toBe(false);
    expect(stillUploading([done, { uid: '2', status: 'uploading' }])).toBe(true);
  });
});
