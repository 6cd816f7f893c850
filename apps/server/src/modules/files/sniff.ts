/** What a file is, judged by its first bytes and, for formats without a signature, by its name. */

const starts = (b: Buffer, bytes: number[], at = 0) => bytes.every((v, i) => b[at + i] === v);

const IMAGE_SIGNATURES: [string, (b: Buffer) => boolean][] = [
  ['image/png', (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['image/jpeg', (b) => starts(b, [0xff, 0xd8, 0xff])],
  ['image/gif', (b) => starts(b, [0x47, 0x49, 0x46, 0x38])],
  ['image/webp', (b) => starts(b, [0x52, 0x49, 0x46, 0x46]) && starts(b, [0x57, 0x45, 0x42, 0x50], 8)],
  ['image/bmp', (b) => starts(b, [0x42, 0x4d])],
];

const BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
};

/** The image type the bytes really are, or undefined when they are no image we accept. */
export function imageType(head: Buffer): string | undefined {
  return IMAGE_SIGNATURES.find(([, test]) => test(head))?.[0];
}

/** The type a file is served with: its image signature, else its extension, else plain bytes. */
export function mimeOf(head: Buffer, filename: string): string {
  const image = imageType(head);
  if (image) return image;
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  if (ext === 'pdf' && !starts(head, [0x25, 0x50, 0x44, 0x46])) return 'application/octet-stream';
  // own keys only: a file named "x.__proto__" or "__proto__" must not read the object's prototype
  return Object.hasOwn(BY_EXTENSION, ext) ? BY_EXTENSION[ext]! : 'application/octet-stream';
}

/** Types a browser may show inline without running anything; everything else is a download. */
export const showsInline = (mime: string) =>
  /^(image\/(png|jpeg|gif|webp|bmp)|application\/pdf|video\/|audio\/|text\/plain)/.test(mime);
