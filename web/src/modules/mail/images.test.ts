import { describe, expect, it } from 'vitest';
import type { StoredFile } from '../tools/api';
import { IMAGE_PERMISSION, imageLink } from './images';

const stored = (publicLink: string | null): StoredFile => ({
  id: 7, name: 'logo.png', size: 10, contentType: 'image/png', public: true, expiresAt: null,
  url: '/cms/common/file/7?signature=ab', publicLink,
});

describe("the mail editor's image upload", () => {
  it('is the public upload, behind its permission', () => {
    expect(IMAGE_PERMISSION).toEqual(['file#upload-public']);
  });

  it("writes the image as its link at the console's public URL, not the browser's address", async () => {
    const kinds: string[] = [];
    const link = await imageLink(new File(['x'], 'logo.png'), async (kind) => {
      kinds.push(kind);
      return stored('https://omp.example.com/cms/common/file/7?signature=ab');
    });
    expect(link).toBe('https://omp.example.com/cms/common/file/7?signature=ab');
    expect(link.startsWith(window.location.origin)).toBe(false);
    expect(kinds).toEqual(['public']);
  });

  it('refuses a reply without a public link rather than writing a relative one', async () => {
    await expect(imageLink(new File(['x'], 'a.png'), async () => stored(null))).rejects.toThrow();
  });
});
