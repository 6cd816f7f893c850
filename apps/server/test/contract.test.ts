import fs from 'node:fs';
import path from 'node:path';
import { allCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeSerializer } from '../src/platform/responses';
import { contractRoutes } from './fuzz-support';
import { type TestDatabase, testApp, testDatabase } from './helpers';

/**
 * Decision 026: every call is declared once in packages/shared; the server registers exactly the
 * declared calls, each from its declaration, and the web app names calls, never paths.
 */
const WEB_SRC = path.resolve(import.meta.dirname, '../../web/src');
/** A string that names an API call: the `/{Area}Api/` family and Ketangpai's `/FutureV2/` one, in any case. */
const API_PATH = /^\/+([A-Za-z]+Api|Future[Vv]2|DevApi)\//;

function sourceFiles(dir: string, out: string[] = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The string literals and template heads of a file that name an API path (comments are not read). */
function pathStrings(file: string) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) && API_PATH.test(node.text)) {
      found.push(
        `${path.relative(WEB_SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} ${node.text}`,
      );
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

describe('the contract', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await testDatabase();
    app = await testApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('is registered whole by the server, and nothing else is: each route from its own declaration', () => {
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    const registered = new Map(app.apiRoutes.map((r) => [key(r), r]));
    const declared = contractRoutes();
    expect([...registered.keys()].sort()).toEqual(declared.map(key).sort());
    for (const route of declared) expect(registered.get(key(route))!.call).toBe(route.call);
  });

  it('answers through a serializer that compiles, for every call (compiled on first answer in a server)', () => {
    const failed: string[] = [];
    for (const c of allCalls().filter((c) => !c.answersFile)) {
      try {
        envelopeSerializer(c.output);
      } catch (error) {
        failed.push(`${c.path}: ${(error as Error).message}`);
      }
    }
    expect(failed).toEqual([]);
  });

  it('declares each path once, whatever its letter case', () => {
    const paths = allCalls().map((c) => c.path.toLowerCase());
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('is the only place the web app names an API path', () => {
    const found = sourceFiles(WEB_SRC).flatMap(pathStrings);
    expect(found).toEqual([]);
  });
});
