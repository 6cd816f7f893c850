import { createHash } from 'node:crypto';
import type { CallLimit, CallSpec } from '@paiclass/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ApiRoute } from './envelope';

/** The request a handler of `call` gets: its body (or query) already parsed by the call's input schema. */
export type CallRequest<C extends CallSpec> = FastifyRequest<
  C['transport'] extends 'query'
    ? { Querystring: z.output<C['input']> }
    : C['transport'] extends 'multipart'
      ? Record<never, never>
      : { Body: z.output<C['input']> }
>;

/**
 * What a handler answers: the call's output (the envelope is put around it), or for a call that
 * answers a file, the reply it sent.
 */
export type CallResult<C extends CallSpec> = C['answersFile'] extends true
  ? FastifyReply | z.input<C['output']>
  : z.input<C['output']>;

export type CallHandler<C extends CallSpec> = (
  req: CallRequest<C>,
  reply: FastifyReply,
) => CallResult<C> | Promise<CallResult<C>>;

/** The rate limit of @fastify/rate-limit for a declared one: counted per address or per user, in its bucket. */
export function rateLimitOf(limit: CallLimit, installation: string) {
  const bucket = limit.bucket;
  return {
    max: limit.max,
    timeWindow: limit.window,
    ...((bucket || limit.per === 'user') && {
      // keys carry the installation (a digest of its secret): two sharing one Redis never share counts
      keyGenerator: (req: FastifyRequest) => {
        const who = limit.per === 'user' && req.user ? `u${req.user.id}` : req.ip;
        return `${bucket ?? 'call'}:${installation}:${who}`;
      },
    }),
  };
}

/** A short digest of the installation's secret, for keys kept in a store other installations may share. */
export const installationOf = (secret: string) => createHash('sha256').update(secret).digest('hex').slice(0, 12);

/**
 * Registers the route of a declared call (decision 026): its method and path, the input schema on
 * its body or query, the output schema on the answer, who may call it and its limit all come from
 * the declaration. The handler gets the parsed input and answers the output.
 */
export function handle<C extends CallSpec>(app: FastifyInstance, spec: C, handler: CallHandler<C>) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const route = routeOf(spec);
  const installation = installationOf(app.ctx.secret);
  const options: RouteShorthandOptions = {
    schema: {
      tags: [spec.area],
      ...(route.body !== undefined && { body: route.body }),
      ...(route.querystring !== undefined && { querystring: route.querystring }),
      ...(route.multipart && { consumes: ['multipart/form-data'] }),
      ...(!spec.answersFile && { response: { 200: spec.output } }),
    },
    config: {
      auth: route.auth,
      ...(spec.restricted && { allowRestricted: [...spec.restricted] }),
      ...(spec.limit && { rateLimit: rateLimitOf(spec.limit, installation) }),
      call: spec,
    },
  };
  typed.route({
    method: route.method as 'GET' | 'POST',
    url: spec.path,
    ...options,
    handler: handler as never,
  });
}

/** A declared call as a row of the route table: its method, path, login mode and input schema. */
export function routeOf(spec: CallSpec): ApiRoute {
  const transport = spec.transport ?? 'body';
  return {
    method: transport === 'query' ? 'GET' : 'POST',
    url: spec.path,
    auth: spec.access === 'anyone' ? 'none' : spec.access === 'optional' ? 'optional' : 'required',
    multipart: transport === 'multipart',
    ...(transport === 'body' && { body: spec.input }),
    ...(transport === 'query' && { querystring: spec.input }),
    call: spec,
  };
}
