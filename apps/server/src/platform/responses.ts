import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Typed answers. A route declares what its `data` is as a zod schema (`schema.response[200]`); the
 * envelope around it is added by the envelope hook. Here that schema becomes a JSON Schema of the
 * whole envelope, compiled into a fast-json-stringify serializer on the route's first answer, not at
 * start-up: compiling some 400 of them took a fifth of the start's CPU, in every test app as well
 * (`node --cpu-prof`, issue 23), while an instance answers a fraction of them. The contract test
 * compiles every one, so a schema that cannot compile still fails the suite. Refusals (`status` 0,
 * `data` null) go out with JSON.stringify. With `check` on (tests and journeys), each
 * answer is also checked against the zod schema first, so a presenter and its schema cannot drift
 * apart unnoticed. Objects keep fields their schema does not name: nothing a client reads is dropped.
 */
export function responseSerializer(check: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!(schema instanceof z.ZodType)) return (payload: unknown) => JSON.stringify(payload);
    let fast: ((payload: unknown) => string) | undefined;
    let dataOnly: ((data: unknown) => string) | undefined;
    return (payload: unknown) => {
      const body = payload as { status?: unknown; code?: unknown; message?: unknown; data?: unknown } | null;
      if (body?.status !== 1) return JSON.stringify(payload);
      if (check) {
        const result = schema.safeParse(body.data);
        if (!result.success)
          throw new Error(`the answer of ${method} ${url} does not match its schema: ${z.prettifyError(result.error)}`);
      }
      const data = body.data;
      if (data === null || typeof data !== 'object' || !kept.has(data)) {
        fast ??= compiledOnce(envelopeSerializers, schema, envelopeSerializer);
        return fast(payload);
      }
      // a kept answer is serialized once, then only its envelope is written around it
      let json = serializedKept.get(data);
      if (json === undefined) {
        dataOnly ??= compiledOnce(dataSerializers, schema, dataSerializer);
        json = dataOnly(data);
        serializedKept.set(data, json);
      }
      return `{"status":1,"code":${Number(body.code)},"message":${JSON.stringify(body.message)},"data":${json}}`;
    };
  };
}

/**
 * A schema's serializers, compiled once for every app of the process: a test worker builds an app per file, and
 * compiling again in each (fast-json-stringify, and ajv for the branches of an `anyOf` on first use) was most
 * of the seventh of a PostgreSQL test worker's CPU that writing answers took (`node --cpu-prof`, stop 44). A
 * serializer is a pure function of its schema.
 */
const envelopeSerializers = new WeakMap<z.ZodType, (payload: unknown) => string>();
const dataSerializers = new WeakMap<z.ZodType, (data: unknown) => string>();

function compiledOnce<F>(compiled: WeakMap<z.ZodType, F>, schema: z.ZodType, compile: (schema: z.ZodType) => F): F {
  let serializer = compiled.get(schema);
  if (serializer === undefined) {
    serializer = compile(schema);
    compiled.set(schema, serializer);
  }
  return serializer;
}

/** Answers that never change once made (the read cache's), and their serialized `data`. */
const kept = new WeakSet<object>();
const serializedKept = new WeakMap<object, string>();

/** Marks a value as never changing again, so that its serialization can be reused. */
export function keepAnswer(value: unknown) {
  if (value !== null && typeof value === 'object') kept.add(Object.freeze(value));
}

/** The JSON Schema of a data schema, for serializing and for the OpenAPI document. */
export function dataJsonSchema(schema: z.ZodType) {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }) as Record<string, unknown>;
  delete json.$schema;
  return openObjects(json) as Record<string, unknown>;
}

/** The serializer of a whole answer whose `data` is `data`. */
export function envelopeSerializer(data: z.ZodType): (payload: unknown) => string {
  return fastJson(withoutNeedlessBranches(envelopeJsonSchema(data)) as Parameters<typeof fastJson>[0]);
}

/** The serializer of an answer's `data` alone. */
function dataSerializer(data: z.ZodType): (data: unknown) => string {
  return fastJson(withoutNeedlessBranches(dataJsonSchema(data)) as unknown as Parameters<typeof fastJson>[0]);
}

/**
 * The same schema for writing, without the `anyOf`s that need no choosing: fast-json-stringify picks an
 * `anyOf` branch by validating the value against each with ajv, compiled on first use, for every answer. zod
 * writes a literal union (`0 | 1`, a state) as one branch per value, all of one type, and a nullable value as
 * itself or null; written out, the first is just its type and the second the value or `null`. A schema had
 * 583 of the first and 93 of the second in 376 answers, and ajv's compiling was a tenth of a test worker's CPU
 * (stop 44). Zod's check (`check`) still holds each answer to the values it names.
 */
export function withoutNeedlessBranches(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutNeedlessBranches);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = withoutNeedlessBranches(value);
  const branches = out.anyOf as Record<string, unknown>[] | undefined;
  if (!Array.isArray(branches) || Object.keys(out).length !== 1) return out;
  const type = branches[0]?.type;
  const literal = (b: Record<string, unknown>) => Object.keys(b).length === 2 && b.type === type && b.const !== undefined;
  if (typeof type === 'string' && type !== 'object' && type !== 'array' && branches.every(literal)) return { type };
  const [value, nothing] = branches;
  const justNull = branches.length === 2 && nothing?.type === 'null' && Object.keys(nothing).length === 1;
  if (justNull && typeof value?.type === 'string' && value.type !== 'null') return { ...value, nullable: true };
  return out;
}

function envelopeJsonSchema(data: z.ZodType) {
  return {
    type: 'object',
    properties: {
      status: { type: 'integer' },
      code: { type: 'integer' },
      message: { type: 'string' },
      data: dataJsonSchema(data),
    },
    required: ['status', 'code', 'message', 'data'],
  };
}

/** Every object of a JSON Schema keeps fields it does not name (zod's stripping objects say otherwise). */
function openObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjects);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node))
    out[key] = key === 'additionalProperties' && value === false ? true : openObjects(value);
  if (out.type === 'object' && out.additionalProperties === undefined) out.additionalProperties = true;
  return out;
}

/** The OpenAPI document shows each answer inside its envelope. */
export const openApiTransform: typeof jsonSchemaTransform = (document) => {
  const result = jsonSchemaTransform(document);
  const response = (result.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (response?.['200']) {
    response['200'] = {
      type: 'object',
      properties: {
        status: { type: 'integer', const: 1 },
        code: { type: 'integer', const: 10000 },
        message: { type: 'string' },
        data: response['200'],
      },
      required: ['status', 'code', 'message', 'data'],
    };
  }
  return result;
};
