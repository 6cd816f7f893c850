import { EDITOR_IMAGE_MAX_BYTES } from '@paiclass/shared';
import { downscalePlan } from '../lib/downscale';

/** spec 2 §9 editor: font sizes 12 to 72 px. */
export const EDITOR_FONT_MIN = 12;
export const EDITOR_FONT_MAX = 72;
/** The sizes the toolbar offers, all within the spec's range. */
export const EDITOR_FONT_SIZES = [12, 14, 16, 18, 20, 24, 28, 32, 36, 48, 60, 72] as const;
/** spec 2 §9 editor: default height 150, minimum 160; the minimum wins, so the editor is never shorter than 160 px. */
export const EDITOR_DEFAULT_HEIGHT = 150;
export const EDITOR_MIN_HEIGHT = 160;

/** A font size the editor may apply: a whole number of pixels within 12–72 (spec 2 §9). */
export const clampFontSize = (px: number) => Math.min(EDITOR_FONT_MAX, Math.max(EDITOR_FONT_MIN, Math.round(px)));

/**
 * Whether a body says nothing: no image and no text once tags, entities of blank space and
 * zero-width characters are gone (spec 2 §5, §8: a notice's content may not be empty).
 */
export function isRichTextEmpty(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .replace(/(?:\s|\u200b|\u200c|\u200d)+/g, '');
  return text.length === 0;
}

/**
 * Why an image cannot go into the editor, as a message key, or null when it can: it must be an
 * image of at most 5 MB (spec 2 §5, §9), checked before anything is sent. A larger photo is no
 * problem: it is scaled down in the browser before upload (`fitImage`, issue 12); a larger GIF or
 * SVG, which a canvas cannot redraw as it is, is refused.
 */
export function editorImageProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return 'editor.notImage';
  if (downscalePlan(file, EDITOR_IMAGE_MAX_BYTES) === 'refuse') return 'editor.imageTooLarge';
  return null;
}
