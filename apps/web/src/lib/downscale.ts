/**
 * Scaling a large photo down in the browser where an image limit applies (issue 12): an image
 * that is the thing itself (an editor picture, an avatar) must be at most 5 MB (spec 2 §5, §9), and a
 * phone photo often is not. Such a photo is redrawn as a JPEG of quality 0.85 with its longest side
 * at most 2560 px, and smaller again until it fits. Attachments are never scaled: their limit
 * (150M, VIP 2G) takes the original.
 */

/** The longest side of a scaled-down photo, in pixels. */
export const DOWNSCALE_MAX_SIDE = 2560;
/** The JPEG quality a scaled-down photo is written at. */
export const DOWNSCALE_QUALITY = 0.85;
/** Tries at ever smaller sizes before the photo is given up as too large. */
const DOWNSCALE_TRIES = 5;

/** Pictures a canvas redraws faithfully; a GIF would lose its animation, an SVG is no photo. */
const SCALABLE = /^image\/(jpeg|png|webp|bmp|heic|heif|avif)$/i;

/**
 * What to do with an image before it goes up under `limit` bytes: `keep` it (it fits), `scale` it
 * down (a photo over the limit), or `refuse` it (over the limit and not a photo a canvas can redraw).
 */
export function downscalePlan(file: { size: number; type: string }, limit: number): 'keep' | 'scale' | 'refuse' {
  if (file.size <= limit) return 'keep';
  return SCALABLE.test(file.type) ? 'scale' : 'refuse';
}

/** The size a width × height picture is drawn at so its longest side is at most `maxSide`, never enlarged. */
export function scaledSize(width: number, height: number, maxSide: number) {
  const ratio = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

/** The longest side and quality of each try: 2560 px at 0.85 first, then three quarters as large each time. */
export function downscaleSteps(tries = DOWNSCALE_TRIES) {
  return Array.from({ length: tries }, (_, i) => ({
    maxSide: Math.round(DOWNSCALE_MAX_SIDE * 0.75 ** i),
    quality: Math.max(0.6, DOWNSCALE_QUALITY - i * 0.05),
  }));
}

/** A photo too large for its limit that could not be scaled below it (or not read as a picture). */
export class ImageTooLarge extends Error {
  constructor() {
    super('imageTooLarge');
    this.name = 'ImageTooLarge';
  }
}

/**
 * The file to upload under an image limit: the file itself when it fits, else a JPEG scaled down
 * until it is at most `limit` bytes (named like the original, with `.jpg`). Throws ImageTooLarge
 * when the file cannot be made to fit.
 */
export async function fitImage(file: File, limit: number): Promise<File> {
  const plan = downscalePlan(file, limit);
  if (plan === 'keep') return file;
  if (plan === 'refuse') throw new ImageTooLarge();
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ImageTooLarge();
  }
  try {
    for (const step of downscaleSteps()) {
      const { width, height } = scaledSize(bitmap.width, bitmap.height, step.maxSide);
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new ImageTooLarge();
      // JPEG has no transparency: a PNG's clear areas become white, not black
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      context.drawImage(bitmap, 0, 0, width, height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', step.quality));
      if (blob && blob.size <= limit) {
        const name = `${file.name.replace(/\.[^.]*$/, '') || 'image'}.jpg`;
        return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
      }
    }
  } finally {
    bitmap.close();
  }
  throw new ImageTooLarge();
}
