import { parse as parseQuery } from 'node:querystring';
import type { CallSpec } from '@paiclass/shared';
import { CODES, findRoute, type Language } from '@paiclass/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, badField } from './errors';
import { translate } from './i18n';

const built = new WeakSet<object>();

function envelope(status: 0 | 1, code: number, message: string, data: unknown) {
  const body = { status, code, message, data };
  built.add(body);
  return body;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** set on every route an area module registers: enveloped, and behind a login by default */
    api?: boolean;
  }
  interface FastifyInstance {
    /** every API call as registered: the route table the fuzz suite and the role matrix walk */
    apiRoutes: ApiRoute[];
  }
}

/** One registered API call: its method, path, login mode and input schemas (zod). */
export interface ApiRoute {
  method: string;
  url: string;
  auth: 'required' | 'optional' | 'none';
  /** sent as multipart/form-data (uploads) */
  multipart: boolean;
  body?: unknown;
  querystring?: unknown;
  /** the contract's declaration (decision 026) */
  call?: CallSpec;
}

/** Whether a request is an API call: a route of an area module, or an unknown path that is not a page load. */
export function isApiRequest(req: FastifyRequest) {
  if (req.is404) {
    if (req.method !== 'GET') return true;
    // a page of the route table, or anything a browser asks for as a page, is the web app's
    const path = req.url.split('?')[0] ?? '/';
    return !(path === '/' || findRoute(path) || String(req.headers.accept ?? '').includes('text/html'));
  }
  return req.routeOptions.config?.api === true;
}

/** Registers area modules so that each of their routes is marked as an API call. */
export async function registerApi(app: FastifyInstance, modules: ((app: FastifyInstance) => Promise<void>)[]) {
  const table: ApiRoute[] = [];
  app.decorate('apiRoutes', table);
  await app.register(async (api) => {
    api.addHook('onRoute', (route) => {
      // a module's route that is no call (the lives' HLS files) says so, and stays out of the table
      if (route.config?.api === false) return;
      route.config = { ...(route.config ?? {}), api: true };
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; consumes?: string[] };
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        table.push({
          method,
          url: route.url,
          auth: route.config.auth ?? 'required',
          multipart: Boolean(schema.consumes?.includes('multipart/form-data')),
          body: schema.body,
          querystring: schema.querystring,
          call: route.config.call,
        });
      }
    });
    for (const m of modules) await api.register(m);
  });
}

/**
 * The envelope of ARCHITECTURE.md around every answer, and every fault turned into a refusal in the
 * caller's language. Unknown faults log their details with the request id and answer a generic message.
 */
export function registerEnvelope(app: FastifyInstance) {
  app.addHook('preSerialization', (req, _reply, payload, done) => {
    if ((payload && typeof payload === 'object' && built.has(payload)) || !isApiRequest(req)) return done(null, payload);
    done(null, envelope(1, CODES.ok, translate(req.lang, 'ok'), payload ?? {}));
  });

  app.setErrorHandler((error: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'zh';
    if (error instanceof AppError) {
      const status = error.codeName === 'rateLimited' ? 429 : error.httpStatus;
      const message = error.field
        ? refusalMessage(lang, error.messageKey, error.field)
        : translate(lang, error.messageKey, error.params);
      // a service briefly unreachable (Redis): the caller may try again in a couple of seconds
      if (error.codeName === 'unavailable') reply.header('retry-after', '2');
      return reply.status(status).send(envelope(0, error.code, message, null));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = (first?.instancePath ?? '').split('/').filter(Boolean).join('.');
      const input = req.method === 'GET' ? req.query : req.body;
      const isObject = typeof input === 'object' && input !== null && !Array.isArray(input);
      if (!field && !isObject) {
        // the input is not an object at all ([], "x", 7): refused as an empty one would be, naming the
        // field the call needs first, else the body itself (a rule over a whole object, such as "nothing
        // to change", keeps its own message below)
        const { message, field: needed } = emptyInputRefusal(req) ?? { message: undefined, field: 'body' };
        return reply.status(200).send(envelope(0, CODES.badInput, refusalMessage(lang, message, needed), null));
      }
      return reply.status(200).send(envelope(0, CODES.badInput, refusalMessage(lang, first?.message, field), null));
    }
    const e = error as FastifyError;
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e.statusCode === 413) {
      return reply.status(413).send(envelope(0, CODES.tooLarge, translate(lang, 'errors.tooLarge'), null));
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      // malformed JSON, unsupported media type and the like: the caller's fault, said plainly
      return reply.status(e.statusCode).send(envelope(0, CODES.badInput, translate(lang, 'errors.badInput'), null));
    }
    req.log.error({ err: error, reqId: req.id }, 'unexpected fault');
    return reply
      .status(500)
      .send(envelope(0, CODES.serverError, translate(lang, 'errors.serverError', { requestId: String(req.id) }), null));
  });
}

/**
 * A refused input's message in the caller's language: a schema's own message (a `validation.*`
 * key, which already says which field in words, e.g. "请输入密码"), else the generic refusal naming
 * the field by its wire name: "输入内容不正确：courseid" / "Invalid input: courseid".
 */
export function refusalMessage(lang: Language, message: string | undefined, field: string) {
  const specific = typeof message === 'string' && message.startsWith('validation.') && message !== 'validation.invalid';
  if (specific) return translate(lang, message);
  return field ? translate(lang, 'validation.invalidField', { field }) : translate(lang, 'validation.invalid');
}

/** How the route's input schema refuses an empty input: its first issue's message and field, if it names one. */
function emptyInputRefusal(req: FastifyRequest): { message: string; field: string } | undefined {
  const schema = (req.routeOptions.schema as { body?: unknown; querystring?: unknown } | undefined) ?? {};
  const input = (req.method === 'GET' ? schema.querystring : schema.body) as
    | { safeParse?: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }
    | undefined;
  const issue = input?.safeParse?.({}).error?.issues[0];
  if (!issue || issue.path.length === 0) return undefined;
  return { message: issue.message, field: issue.path.map(String).join('.') };
}

/**
 * Where the first NUL character sits in a caller's input (a string value or a field name), as the
 * path of its field; undefined when there is none. PostgreSQL's text refuses NUL, and no person
 * types one. Walks without recursion, so no nesting depth can overflow the stack.
 */
export function nulBytePath(input: unknown): string[] | undefined {
  const stack: [unknown, string[]][] = [[input, []]];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push([value[i], [...path, String(i)]]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')];
        stack.push([item, [...path, key]]);
      }
    }
  }
  return undefined;
}

/** Refuses input holding a NUL character with a 40001 that names its field. */
export function refuseNulBytes(input: unknown) {
  const path = nulBytePath(input);
  if (path) throw badField('validation.invalid', path);
}

/**
 * Wraps a schema compiler so that every body, query string and parameter is first refused when it
 * holds a NUL character (issue 11): one place for every call, before any schema reads it.
 */
export function refusingNulBytes<S>(compiler: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compiler(route);
    return (data: unknown) => {
      const path = nulBytePath(data);
      return path ? { error: badField('validation.invalid', path) } : validate(data);
    };
  };
}

/**
 * A body sent with no Content-Type or as text/plain: JSON when it parses as JSON, else
 * form-encoded fields (Python's `requests.post(data=str)` sends either without saying which).
 */
export function parseUntypedBody(body: string): unknown {
  const text = body.trim();
  if (text === '') return {};
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      return JSON.parse(text);
    } catch {
      // not JSON after all: read it as form fields below
    }
  }
  return { ...parseQuery(text) };
}

/** An envelope for "no such call", used by the not-found handler. */
export function notFoundEnvelope(req: FastifyRequest) {
  return envelope(0, CODES.notFound, translate(req.lang ?? 'zh', 'errors.notFound'), null);
}
