import { describe, expect, it } from 'vitest';
import { attachmentKind, MAX_FILES, splitByLimit } from './uploadLimit';

describe('SPEC §5: "10 images and videos in another [form]"', () => {
  it('takes files up to ten', () => {
    expect(MAX_FILES).toBe(10);
    expect(splitByLimit(0, [1, 2, 3])).toEqual({ accepted: [1, 2, 3], refused: [] });
    expect(splitByLimit(9, ['tenth'])).toEqual({ accepted: ['tenth'], refused: [] });
  });

  it('refuses the eleventh, also within one batch', () => {
    expect(splitByLimit(10, ['eleventh'])).toEqual({ accepted: [], refused: ['eleventh'] });
    expect(splitByLimit(8, [1, 2, 3, 4])).toEqual({ accepted: [1, 2], refused: [3, 4] });
  });
});

describe('attachment kind', () => {
  it('is VIDEO for video files, IMAGE otherwise', () => {
    expect(attachmentKind('video/mp4')).toBe('VIDEO');
    expect(attachmentKind('image/png')).toBe('IMAGE');
  });
});
