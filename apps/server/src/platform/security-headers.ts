import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
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

/** The helmet options of the web app's pages and files. */
function pageOptions(config: Config, inline: string[]): HelmetOptions {
  const files = [...originOf(config.s3?.endpoint), ...originOf(config.publicUrl)];
  return {
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
  };
}

/** The headers helmet sets with these options: its middleware run once against a recording response. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Security headers on every answer, made by helmet once at start-up and set with one call per request
 * (helmet's Fastify plugin runs its middleware and an async hook on every request, a tenth of a small
 * call's cost). Pages and files: a content security policy the built app works under (scripts only from
 * this origin, plus the hash of any inline script of index.html; styles also inline, since React and
 * antd-mobile set style attributes), no framing by other pages (`frame-ancestors 'none'`, X-Frame-Options
 * DENY), no sniffing, no referrer across origins; file addresses on S3 or PUBLIC_URL are allowed where
 * files show. API answers are JSON that nothing renders: they carry a short policy that lets a JSON answer
 * opened as a page load and run nothing, no framing and no sniffing.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config, indexHtml: string | undefined) {
  const inline = indexHtml && fs.existsSync(indexHtml) ? inlineScriptHashes(fs.readFileSync(indexHtml, 'utf8')) : [];
  const page = helmetHeaders(pageOptions(config, inline));
  const api = {
    'content-security-policy': "default-src 'none'; object-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': page['referrer-policy'] ?? 'strict-origin-when-cross-origin',
  };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.routeOptions.config?.api === true ? api : page);
    done();
  });
}

/** A file shown inline by the app itself (a PDF in an iframe of the homework page) may be framed by this origin. */
export const FRAMED_BY_SELF = {
  csp: "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
  xfo: 'SAMEORIGIN',
};
