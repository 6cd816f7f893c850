import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context';
import { readObject } from '../../platform/storage';
import type { FileRow } from './files.service';

/** A thumbnail's longer side in pixels: a chat bubble's picture is at most 180 CSS pixels wide, on a 2× phone screen. */
const THUMB_PX = 360;

const thumbKey = (fileId: number) => `thumbs/${fileId}-${THUMB_PX}.jpg`;

/**
 * The largest picture a thumbnail is drawn from: a 50-megapixel phone photo, with room. A small file that
 * unpacks into more (a "decompression bomb" PNG) is served whole instead of filling the server's memory.
 */
const MAX_INPUT_PIXELS = 60_000_000;

/** Whether a file is a picture a thumbnail can be drawn from (SVG is not: it is served as a download only). */
export const thumbnailable = (mime: string) => mime.startsWith('image/') && mime !== 'image/svg+xml';

type Sharp = typeof import('sharp').default;
let sharpModule: Promise<Sharp | undefined> | undefined;

/** sharp, loaded on the first thumbnail (not at start); undefined where its prebuilt binary is missing. */
function loadSharp(log: FastifyBaseLogger) {
  sharpModule ??= import('sharp').then(
    (m) => {
      const sharp = m.default;
      // thumbnails are made once and kept in storage: libvips' own cache would only hold memory
      sharp.cache(false);
      return sharp;
    },
    (e) => {
      log.warn({ err: String(e) }, 'sharp could not be loaded: pictures are served whole instead of thumbnails');
      return undefined;
    },
  );
  return sharpModule;
}

/**
 * The key of a picture's thumbnail (a JPEG at most THUMB_PX on its longer side, turned upright by its
 * EXIF orientation), made from the picture on its first request and kept in storage beside it. Two
 * first requests at once both draw it and write the same bytes. Answers the picture's own key when no
 * thumbnail can be made (sharp missing, a picture it cannot read): the reader still sees the picture.
 */
export async function thumbnailKey(
  ctx: AppContext,
  file: Pick<FileRow, 'id' | 'storageKey'>,
  log: FastifyBaseLogger,
): Promise<string> {
  const key = thumbKey(file.id);
  if (await ctx.storage.exists(key)) return key;
  const sharp = await loadSharp(log);
  if (!sharp) return file.storageKey;
  try {
    const image = await sharp(await readObject(ctx.storage, file.storageKey), {
      failOn: 'none',
      animated: false,
      limitInputPixels: MAX_INPUT_PIXELS,
    })
      .rotate()
      .resize({ width: THUMB_PX, height: THUMB_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75, mozjpeg: true })
      .toBuffer();
    await ctx.storage.put(key, image, 'image/jpeg', image.length);
    return key;
  } catch (e) {
    log.warn({ fileId: file.id, err: String(e) }, 'no thumbnail could be made: the picture is served whole');
    return file.storageKey;
  }
}
