import { RICH_TEXT_MAX, RICH_TEXT_TAGS } from '@paiclass/shared';
import sanitizeHtml from 'sanitize-html';
import { signedUrl } from '../files/files.service';

/**
 * Rich text of notices, topics and homework (spec 2 §9 editor): a small set of tags (`RICH_TEXT_TAGS`,
 * with the editor's `<div>` lines), font sizes 12–72 px,
 * links to http(s) only, and images only from this platform's own files. An image is stored as
 * `<img data-file="N">` and given a fresh signed address each time it is shown, because signed
 * addresses expire.
 */
const FONT_SIZE = /^(1[2-9]|[2-6]\d|7[0-2])px$/;
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s,.%]+\))$/i;
const OWN_FILE = /^(?:https?:\/\/[^/"]+)?\/FileApi\/download\?id=(\d+)&/;

export function sanitizeRichText(html: string, ownFileIds: ReadonlySet<number>, max = RICH_TEXT_MAX): string {
  const clean = sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['data-file', 'alt'], span: ['style'], p: ['style'], div: ['style'] },
    allowedStyles: { '*': { 'font-size': [FONT_SIZE], color: [COLOR], 'text-align': [/^(left|right|center)$/] } },
    allowedSchemes: ['http', 'https'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { href: attribs.href ?? '', target: '_blank', rel: 'noopener noreferrer nofollow' },
      }),
      img: (tagName, attribs): sanitizeHtml.Tag => {
        const id = Number(attribs['data-file'] ?? OWN_FILE.exec(attribs.src ?? '')?.[1] ?? 0);
        // an image that is not one of the author's files is dropped
        return ownFileIds.has(id)
          ? { tagName, attribs: { 'data-file': String(id), alt: attribs.alt ?? '' } }
          : { tagName: 'span', attribs: {}, text: '' };
      },
    },
    exclusiveFilter: (frame) =>
      frame.tag === 'span' && !frame.text.trim() && Object.keys(frame.attribs).length === 0 && frame.mediaChildren.length === 0,
  });
  return clean.slice(0, max);
}

/** The file ids a body's images refer to, as sent (`data-file` or one of our download addresses). */
export function referencedFileIds(html: string): number[] {
  const ids = new Set<number>();
  for (const m of html.matchAll(/data-file="(\d+)"|\/FileApi\/download\?id=(\d+)/g)) ids.add(Number(m[1] ?? m[2]));
  return [...ids];
}

/** Whether a sanitised body says anything: text or an image. */
export const hasContent = (html: string) =>
  /<img /.test(html) ||
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .trim().length > 0;

/**
 * The words of a body as plain text, a line per paragraph, line or list item (what duplicate checking
 * compares, and what a length limit counts): tags dropped, entities decoded.
 */
export function plainText(html: string): string {
  const lined = html.replace(/<br\s*\/?>|<\/(?:p|div|li|h[1-6]|blockquote)>/gi, '$&\n');
  return sanitizeHtml(lined, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A stored body ready to show: each image gets a fresh signed address. */
export const presentRichText = (secret: string, html: string) =>
  html.replace(
    /<img data-file="(\d+)"/g,
    (_, id: string) => `<img src="${signedUrl(secret, Number(id), false).replace(/&/g, '&amp;')}" data-file="${id}"`,
  );
