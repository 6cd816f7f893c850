import pino, { type LoggerOptions } from 'pino';
import { pathOnly, scrubSecrets } from './addresses';

type LogRequest = { method?: string; url?: string; ip?: string };

/**
 * What keeps credentials out of the server log (issue 11): a signed file address, a reset link or
 * a code in a query string is a key to something. Fastify and its plugins log requests, and errors
 * whose messages quote the address ("Reply was already sent ... in the "/FileApi/download?..."
 * route"); here a logged request is its path only, and every logged text has its query-string
 * credentials replaced, whoever wrote the line.
 */
export const logHygiene: Pick<LoggerOptions, 'serializers' | 'hooks'> = {
  serializers: {
    req: (req: LogRequest) => ({ method: req.method, path: pathOnly(req.url), remoteAddress: req.ip }),
    err: (err: Error) => {
      const out = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
      for (const [k, v] of Object.entries(out)) if (typeof v === 'string') out[k] = scrubSecrets(v);
      return out;
    },
  },
  hooks: {
    logMethod(args, method) {
      const clean = args.map((a) => (typeof a === 'string' ? scrubSecrets(a) : a)) as typeof args;
      // an error logged without a message lends pino its own, unserialized: give it the scrubbed one
      const [first] = args as unknown[];
      const error = first instanceof Error ? first : (first as { err?: unknown } | undefined)?.err;
      if (clean.length === 1 && error instanceof Error) (clean as unknown[]).push(scrubSecrets(error.message));
      return method.apply(this, clean);
    },
  },
};
