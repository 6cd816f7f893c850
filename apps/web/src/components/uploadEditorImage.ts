import { CODES, EDITOR_IMAGE_MAX_BYTES, type Envelope, filesCalls, REQUEST_TIMEOUT_MS } from '@paiclass/shared';
import { ApiError, NETWORK_ERROR } from '../lib/api';
import { fitImage, ImageTooLarge } from '../lib/downscale';
import i18n, { currentLanguage } from '../lib/i18n';
import { getToken } from '../lib/storage';

/** The uploaded file as `/UploadApi/uploadV2` answers it. */
export interface UploadedImage {
  id: number;
  url: string;
  name: string;
}

/**
 * Uploads one picture for the editor (`/UploadApi/uploadV2`, multipart, `type=image`): a photo over
 * 5 MB is first scaled down in the browser (`fitImage`, issue 12); the server checks by content that
 * it is an image of at most 5 MB and answers its id and a signed address.
 */
export async function uploadEditorImage(original: File): Promise<UploadedImage> {
  let file: File;
  try {
    file = await fitImage(original, EDITOR_IMAGE_MAX_BYTES);
  } catch (e) {
    if (e instanceof ImageTooLarge) throw new ApiError(CODES.tooLarge, i18n.t('editor.imageTooLarge'));
    throw e;
  }
  const form = new FormData();
  form.append('type', 'image');
  form.append('filename', file.name);
  form.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  const token = getToken();
  if (token) headers.token = token;
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(filesCalls.uploadV2.path, { method: 'POST', headers, body: form, signal: controller.signal });
  } catch {
    throw new ApiError(NETWORK_ERROR, controller.signal.aborted ? i18n.t('common.timeout') : i18n.t('common.networkError'));
  } finally {
    window.clearTimeout(timer);
  }
  let envelope: Envelope<{ file: UploadedImage }>;
  try {
    envelope = (await response.json()) as Envelope<{ file: UploadedImage }>;
  } catch {
    throw new ApiError(NETWORK_ERROR, i18n.t('common.serverUnavailable'));
  }
  if (Number(envelope?.status) !== 1 || !envelope.data?.file) {
    throw new ApiError(Number(envelope?.code ?? NETWORK_ERROR), envelope?.message || i18n.t('common.error'));
  }
  return envelope.data.file;
}
