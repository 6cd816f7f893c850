import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataJsonSchema, envelopeSerializer, withoutNeedlessBranches } from './responses';

const answer = z.object({
  state: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  owner: z.object({ name: z.string(), age: z.number().int() }).nullable(),
  note: z.string().nullable(),
  either: z.union([z.string(), z.literal(0)]),
});

describe('the serializer of an answer', () => {
  it('writes literal unions and nullable values without choosing a branch, and keeps the unions that need one', () => {
    const schema = withoutNeedlessBranches(dataJsonSchema(answer)) as { properties: Record<string, Record<string, unknown>> };
    expect(schema.properties.state).toEqual({ type: 'number' });
    expect(schema.properties.owner).toMatchObject({ type: 'object', nullable: true });
    expect(schema.properties.owner!.anyOf).toBeUndefined();
    expect(schema.properties.note).toEqual({ type: ['string', 'null'] });
    expect(schema.properties.either!.anyOf).toHaveLength(2);
  });

  it('writes what JSON.stringify writes, null and unnamed fields included', () => {
    const write = envelopeSerializer(answer);
    for (const data of [
      { state: 2, owner: null, note: null, either: 'a' },
      { state: 0, owner: { name: '王老师', age: 40, kept: true }, note: 'x"y', either: 0 },
    ]) {
      const payload = { status: 1, code: 10000, message: '成功', data };
      expect(JSON.parse(write(payload))).toEqual(payload);
    }
  });
});
