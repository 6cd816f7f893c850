import ts from 'typescript';
import type { Plugin } from 'vite';

/** The contract's declarations (decision 026): `packages/shared/src/<area>/calls.ts`. */
const CALLS_MODULE = /[\\/]packages[\\/]shared[\\/]src[\\/][\w-]+[\\/]calls\.ts$/;
/**
 * What the web app never reads of a declaration at run time: the schemas give its types only, and the
 * area, access, restricted sessions and rate limit are the server's (and OpenAPI's) to read.
 */
const SCHEMA_KEYS = new Set(['input', 'output', 'area', 'access', 'restricted', 'limit']);

/**
 * A declarations module without what the browser never reads: every `call({ ... })` keeps its path,
 * transport and `answersFile`, and loses `input` and `output` (their imports are then unused, and the
 * bundler leaves the schemas and zod out of every chunk that only makes calls) and the server's own
 * keys (`area`, `access`, `restricted`, `limit`: issue 23, bytes of every first load).
 */
export function stripSchemas(code: string, fileName = 'calls.ts') {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const cuts: [number, number][] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'call') {
      const spec = node.arguments[0];
      if (spec && ts.isObjectLiteralExpression(spec)) {
        for (const property of spec.properties) {
          if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && SCHEMA_KEYS.has(property.name.text)) {
            // the property and the comma after it
            const end = code[property.getEnd()] === ',' ? property.getEnd() + 1 : property.getEnd();
            cuts.push([property.getStart(source), end]);
          }
        }
      }
    }
    node.forEachChild(visit);
  };
  visit(source);
  let out = code;
  for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end);
  return out;
}

/** Vite plugin: the web build takes each call's path from the contract, not its schemas. */
export function contractPaths(): Plugin {
  return {
    name: 'paiclass-contract-paths',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!CALLS_MODULE.test(id)) return null;
      return { code: stripSchemas(code, id), map: null };
    },
  };
}
