import { filesCalls, RICH_TEXT_TAGS } from '@paiclass/shared';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import './RichText.css';

/** What a notice or topic body may hold: the same list the server's sanitiser keeps (apps/server rich-text.ts). */
const ALLOWED_TAGS = [...RICH_TEXT_TAGS];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'src', 'alt', 'data-file', 'style'];
/** images only from this platform's own signed file addresses (the server answers them absolute, same origin) */
export function isOwnFileAddress(src: string) {
  try {
    const url = new URL(src, window.location.origin);
    return url.origin === window.location.origin && url.pathname === filesCalls.download.path;
  } catch {
    return false;
  }
}

let hooked = false;
function hookOnce() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    if (node.tagName === 'IMG' && !isOwnFileAddress(node.getAttribute('src') ?? '')) node.remove();
  });
}

/**
 * A body's HTML made safe to show: the server has sanitised it already; this is defence in depth
 * (spec 2: notices and topics carry rich text), with the same tags and only our own images.
 */
export function sanitizeBody(html: string): string {
  hookOnce();
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}

/** The body of a notice or topic, sanitised, in the editor's typography. */
export function RichTextView({ html, testid = 'rich-body' }: { html: string; testid?: string }) {
  const clean = useMemo(() => sanitizeBody(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above with DOMPurify (and by the server before)
  return <div className="rich-content rich-view" data-testid={testid} dangerouslySetInnerHTML={{ __html: clean }} />;
}
