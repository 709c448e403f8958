import { describe, expect, it } from 'vitest';
import { isExternal } from './externalLink';

describe('external links (SPEC §2: "external if it starts with http:, https:, mailto: or tel:")', () => {
  it.each(['http://ginee.com', 'https://ginee.com/a', 'mailto:ops@ginee.com', 'tel:+62123'])('%s is external', (link) => {
    expect(isExternal(link)).toBe(true);
  });

  it.each(['/home', 'home', '//ginee.com', 'ftp://files', 'javascript:alert(1)', ' https://x'])('%s is not', (link) => {
    expect(isExternal(link)).toBe(false);
  });
});
