/**
 * The web build's files (apps/web/dist), served from a list made once and from memory. @fastify/static
 * looked up every request on the disk and, to guard case-insensitive file systems, read each directory of
 * its path: the assets folder's 1,300 names (and their .br and .gz) for every script a page loads. Measured
 * with `node --cpu-prof` on the journeys' server (issue 23): a fifth of its CPU was that directory reading.
 *
 * Only a name in the list is served, exactly as spelt, so no path outside the build can be asked for. A name
 * under assets/ that is not in it is looked for again after a fresh listing (a rebuild under a running
 * server in development, at most once a second); any other falls through to the page handler. Hashed files (assets/) are
 * kept in memory after their first request: their names change with their content. The few others are read
 * each time.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';
type Variant = { file: string; encoding?: Encoding; body?: Buffer };
type WebFile = { type: string; hashed: boolean; etag: string; modified: string; variants: Variant[] };

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};
const RELIST_MS = 1000;

/** Every file under `root` by its URL path ("/assets/x.js"), with the .br and .gz written beside it. */
function listFiles(root: string) {
  const found = new Map<string, WebFile>();
  const walk = (dir: string) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true });
    const names = new Set(entries.map((e) => e.name));
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      if (!e.isFile() || e.name.endsWith('.br') || e.name.endsWith('.gz')) continue;
      const stat = fs.statSync(full);
      const variants: Variant[] = [];
      if (names.has(`${e.name}.br`)) variants.push({ file: `${full}.br`, encoding: 'br' });
      if (names.has(`${e.name}.gz`)) variants.push({ file: `${full}.gz`, encoding: 'gzip' });
      variants.push({ file: full });
      const relative = path.relative(root, full).split(path.sep).join('/');
      found.set(`/${relative}`, {
        type: TYPES[path.extname(e.name).toLowerCase()] ?? 'application/octet-stream',
        hashed: relative.startsWith('assets/'),
        etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
        modified: stat.mtime.toUTCString(),
        variants,
      });
    }
  };
  walk(root);
  return found;
}

/** The encodings a client takes, from its Accept-Encoding (a q of 0 refuses one). */
function accepted(header: string | undefined) {
  const takes = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) takes.add(name);
  }
  return takes;
}

/** Registers GET and HEAD for every file of the build at `root`, below every other route. */
export function serveWebFiles(app: FastifyInstance, root: string) {
  let files = listFiles(root);
  let listedAt = Date.now();
  // only a miss in assets/ lists again (a page's address never does), and what is kept in memory stays
  const find = (pathname: string) => {
    const file = files.get(pathname);
    if (file || !pathname.startsWith('/assets/') || Date.now() - listedAt < RELIST_MS) return file;
    const fresh = listFiles(root);
    for (const [name, kept] of files) if (kept.hashed && fresh.get(name)?.etag === kept.etag) fresh.set(name, kept);
    files = fresh;
    listedAt = Date.now();
    return files.get(pathname);
  };

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const raw = req.url.split('?')[0]!;
    let pathname: string;
    try {
      pathname = decodeURIComponent(raw);
    } catch {
      return reply.callNotFound();
    }
    const file = find(pathname);
    if (!file) return reply.callNotFound();
    reply
      .header('cache-control', file.hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
      .header('etag', file.etag)
      .header('last-modified', file.modified);
    if (file.variants.length > 1) reply.header('vary', 'accept-encoding');
    if (req.headers['if-none-match'] === file.etag) return reply.status(304).send();
    const takes = accepted(req.headers['accept-encoding']);
    const variant = file.variants.find((v) => !v.encoding || takes.has(v.encoding))!;
    let body = variant.body;
    if (!body) {
      try {
        body = await fs.promises.readFile(variant.file);
      } catch {
        // gone under the server (a rebuild): list again, and let the page handler answer
        listedAt = 0;
        return reply.callNotFound();
      }
      if (file.hashed) variant.body = body;
    }
    if (variant.encoding) reply.header('content-encoding', variant.encoding);
    return reply.type(file.type).send(body);
  };
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler });
}
