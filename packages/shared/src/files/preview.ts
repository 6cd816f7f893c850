/**
 * How a file opens in the browser (issue 12), one rule for the server and the web app: a picture as
 * it is, a PDF or an office document as page images rendered on the server, anything else not.
 */
export type PreviewKind = 'image' | 'document' | 'none';

/** Office documents a browser cannot show: converted to PDF with LibreOffice (ARCHITECTURE). */
const OFFICE = /\.(docx?|xlsx?|pptx?|odt|ods|odp|rtf)$/i;
export const isOfficeName = (name: string) => OFFICE.test(name);

export function previewKindOf(file: { mime?: string; name?: string }): PreviewKind {
  const mime = (file.mime ?? '').toLowerCase();
  if (/^image\/(png|jpeg|gif|webp)$/.test(mime)) return 'image';
  if (mime === 'application/pdf' || isOfficeName(file.name ?? '')) return 'document';
  return 'none';
}
