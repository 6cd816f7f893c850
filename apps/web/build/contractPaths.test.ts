import { describe, expect, it } from 'vitest';
import { stripSchemas } from './contractPaths';

describe('the web build of the contract', () => {
  it("keeps each call's path and transport and drops its schemas, inline ones included, and the server's keys", () => {
    const code = `import { z } from 'zod';
import { call } from '../contract';
import { homeworkRef } from './schemas';
import { homeworkAnswer } from './responses';
export const homeworkCalls = {
  getHomework: call({ path: '/HomeworkApi/getHomework', area: 'homework', input: homeworkRef, output: homeworkAnswer, limit: perMinute(10) }),
  download: call({
    path: '/FileApi/download',
    area: 'files',
    transport: 'query',
    input: z.object({ id: z.coerce.number(), sig: z.string() }),
    output: z.null(),
    answersFile: true,
    access: 'anyone',
    restricted: ['password'],
  }),
};`;
    const out = stripSchemas(code);
    expect(out).not.toMatch(/input:|output:|homeworkRef,|z\.object/);
    expect(out).toMatch(/getHomework: call\(\{ path: '\/HomeworkApi\/getHomework',\s+\}\)/);
    expect(out).toMatch(/path: '\/FileApi\/download',\s+transport: 'query',\s+answersFile: true,/);
    expect(out).not.toMatch(/area:|limit:|access:|restricted:/);
  });

  it('leaves any other code as it is', () => {
    const code = 'export const input = { output: 1 };\nconst x = other({ input: 2 });\n';
    expect(stripSchemas(code)).toBe(code);
  });
});
