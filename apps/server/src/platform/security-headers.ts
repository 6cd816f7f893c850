import { createHash } from 'node:crypto';
import fs from 'node:fs';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** The sha256 sources of the inline scripts of a page, for `script-src` (the build has none today). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** The origin of an address, or nothing for none or a bad one. */
const originOf = (url: string | undefined) => {
  try {
    return url ? [new URL(url).origin] : [];
  } catch {
    return [];
  }
};

/**
 * Security headers on every answer (`@fastify/helmet`): a content security policy the built app works
 * under (scripts only from this origin, plus the hash of any inline script of index.html; styles also
 * inline, since React and antd-mobile set style attributes), no framing by other pages
 * (`frame-ancestors 'none'`, X-Frame-Options DENY), no sniffing, no referrer across origins.
 * File addresses on S3 or PUBLIC_URL are allowed where files show (img, media, frames, uploads).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config, indexHtml: string | undefined) {
  const files = [...originOf(config.s3?.endpoint), ...originOf(config.publicUrl)];
  const inline = indexHtml && fs.existsSync(indexHtml) ? inlineScriptHashes(fs.readFileSync(indexHtml, 'utf8')) : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inline],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...files],
        mediaSrc: ["'self'", 'blob:', ...files],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...files],
        frameSrc: ["'self'", 'blob:', ...files],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // the app opens nothing cross-origin that needs these, and S3 files are shown from another origin
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}

/** A file shown inline by the app itself (a PDF in an iframe of the homework page) may be framed by this origin. */
export const FRAMED_BY_SELF = {
  csp: "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
  xfo: 'SAMEORIGIN',
};
