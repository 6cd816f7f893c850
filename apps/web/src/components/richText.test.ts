import { EDITOR_IMAGE_MAX_BYTES } from '@paiclass/shared';
import { describe, expect, it } from 'vitest';
import { clampFontSize, EDITOR_FONT_SIZES, editorImageProblem, isRichTextEmpty } from './richText';

describe('rich-text editor rules (spec 2 §5, §9)', () => {
  it('counts a body of empty paragraphs, line breaks and blank entities as empty', () => {
    expect(isRichTextEmpty('')).toBe(true);
    expect(isRichTextEmpty('<p><br></p>')).toBe(true);
    expect(isRichTextEmpty('<p>&nbsp; &#160;</p><p>\u200b</p>')).toBe(true);
    expect(isRichTextEmpty('<b> </b><span style="font-size: 24px"></span>')).toBe(true);
  });

  it('counts text or a picture as content', () => {
    expect(isRichTextEmpty('<p>明天停课</p>')).toBe(false);
    expect(isRichTextEmpty('<p><img src="/FileApi/download?id=3" data-file="3"></p>')).toBe(false);
    expect(isRichTextEmpty('0')).toBe(false);
  });

  it('refuses a GIF over 5 MB and a file that is not an image, before sending; a large photo is scaled down instead', () => {
    expect(editorImageProblem({ type: 'image/png', size: EDITOR_IMAGE_MAX_BYTES })).toBeNull();
    expect(editorImageProblem({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBeNull();
    expect(editorImageProblem({ type: 'image/gif', size: EDITOR_IMAGE_MAX_BYTES + 1 })).toBe('editor.imageTooLarge');
    expect(editorImageProblem({ type: 'application/pdf', size: 10 })).toBe('editor.notImage');
  });

  it('keeps font sizes within 12 to 72 px', () => {
    expect(clampFontSize(8)).toBe(12);
    expect(clampFontSize(100)).toBe(72);
    expect(clampFontSize(15.6)).toBe(16);
    expect(EDITOR_FONT_SIZES.every((px) => px >= 12 && px <= 72)).toBe(true);
  });
});
