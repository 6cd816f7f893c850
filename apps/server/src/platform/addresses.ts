import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where every file address starts: the signed download call (files.service `signedUrl`). */
export const FILE_PATH_PREFIX = '/FileApi/';

/**
 * The origin file addresses are given under: `PUBLIC_URL` when configured, else the request's own
 * scheme and host (Fastify reads X-Forwarded-Proto/Host only when TRUST_PROXY is on). Undefined
 * when the Host header is not a valid host, so a forged header cannot inject text into an answer.
 */
export function publicOrigin(req: FastifyRequest, publicUrl?: string): string | undefined {
  try {
    return new URL(publicUrl ?? `${req.protocol}://${req.host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Makes every file address in a serialised answer absolute: a JSON string value that starts with
 * `/FileApi/` (`url`, `download`, `downloadurl`, `pdfurl`, `playurl`, avatars) and an image `src`
 * in rich text (`src=\"/FileApi/...`, escaped inside its JSON string) both begin `"/FileApi/`.
 */
export function absoluteAddresses(json: string, origin: string) {
  if (!json.includes(`"${FILE_PATH_PREFIX}`)) return json;
  return json.replaceAll(`"${FILE_PATH_PREFIX}`, `"${origin}${FILE_PATH_PREFIX}`);
}

/**
 * One place where answers get absolute file addresses (docs/api.md "File addresses"): services
 * build paths with `signedUrl` and never need to know the host they are answered under. Third-party
 * clients fetch the addresses with a plain HTTP client, so a path alone is useless to them.
 */
export function registerAbsoluteAddresses(app: FastifyInstance, publicUrl?: string) {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' || !payload.includes(`"${FILE_PATH_PREFIX}`)) return done(null, payload);
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return done(null, payload);
    const origin = publicOrigin(req, publicUrl);
    done(null, origin ? absoluteAddresses(payload, origin) : payload);
  });
}
