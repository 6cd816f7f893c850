import type { z } from 'zod';

/**
 * The API contract (decision 026): every call declared once, here in `packages/shared`, with its path,
 * input, output, who may make it and its rate limit. The server registers its route from the
 * declaration (`apps/server/src/platform/handle.ts`), the web client takes the path and both types
 * from it (`call` in `apps/web/src/lib/api.ts`), and OpenAPI, the fuzz suite, the role matrix and
 * spec coverage enumerate the same declarations. Nothing else names an API path.
 */

/**
 * Who may make a call, checked before its handler runs:
 * - `user`: a logged-in user (a missing or expired token answers 20003); the default;
 * - `optional`: anyone, the user known when a valid token comes;
 * - `anyone`: no token read at all.
 * Course roles are the services' own policies (`<area>.policy.ts`): they depend on the named course.
 */
export type CallAccess = 'user' | 'optional' | 'anyone';

/** Why a session may only reach a few calls: a weak password to change, or no contact to bind. */
export type SessionRestriction = 'password' | 'bind';

/**
 * A rate limit: at most `max` calls per `window`, counted per address (`per: 'address'`, the
 * default) or per logged-in user (`per: 'user'`, the address when none). Calls naming the same
 * `bucket` share one count (the login calls, the code calls).
 */
export interface CallLimit {
  max: number;
  window: '1 minute' | '10 minutes' | '1 hour' | '1 day';
  per?: 'address' | 'user';
  bucket?: string;
}

/** A limit of `max` calls a minute, per address unless `more` says otherwise. */
export const perMinute = (max: number, more: Omit<CallLimit, 'max' | 'window'> = {}): CallLimit => ({
  max,
  window: '1 minute',
  ...more,
});

/** How a call's input travels: a JSON or form body (the default), the query of a GET, or multipart fields and one file. */
export type CallTransport = 'body' | 'query' | 'multipart';

export interface CallSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** the path as Ketangpai spells it (matched without regard to case on the server) */
  readonly path: `/${string}`;
  /** the area, as OpenAPI's tag */
  readonly area: string;
  /** body, query or multipart; GET for `query`, POST otherwise */
  readonly transport?: CallTransport;
  /** for `multipart`, the fields beside the file */
  readonly input: I;
  /** `data` of the success envelope; for a call that answers a file, what a refusal would carry */
  readonly output: O;
  /** the call answers a file on success (an export or a download), the envelope on a refusal */
  readonly answersFile?: boolean;
  readonly access?: CallAccess;
  /** restricted sessions that may still make this call */
  readonly restricted?: readonly SessionRestriction[];
  readonly limit?: CallLimit;
}

/** Declares one call. The declaration is the value: `call({...})` returns it as it is, typed. */
export function call<const S extends CallSpec>(spec: S): S {
  return spec;
}

/**
 * What a caller sends: the input schema's input type, where a field read tolerantly (coerced or
 * preprocessed, so its input type is `unknown`: `wireId()`, `wirePage()`...) may be left out; the
 * server still checks it.
 */
export type CallInput<C extends CallSpec> = Tolerant<z.input<C['input']>>;
type Tolerant<T> = T extends readonly (infer E)[]
  ? Tolerant<E>[]
  : T extends object
    ? { [K in keyof T as unknown extends T[K] ? never : K]: Tolerant<T[K]> } & {
        [K in keyof T as unknown extends T[K] ? K : never]?: T[K];
      }
    : T;
/** What the call answers in `data`. */
export type CallOutput<C extends CallSpec> = z.output<C['output']>;
