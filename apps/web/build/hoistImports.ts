import type { Plugin } from 'vite';

/** The chunks a chunk reaches through static imports, itself left out, in a stable order. */
export function transitiveImports(bundle: Record<string, { type: string; imports?: string[] }>, fileName: string): string[] {
  const seen = new Set<string>();
  const stack = [...(bundle[fileName]?.imports ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next) || next === fileName) continue;
    seen.add(next);
    stack.push(...(bundle[next]?.imports ?? []));
  }
  return [...seen].sort();
}

/**
 * A lazily loaded page asks for every chunk it needs at once (issue 23, first load). Vite's preload
 * list did this from the entry, at the cost of 9.8 KB gzip in the entry every page downloads first:
 * a map of 538 file names. Instead, `modulePreload` lists no JavaScript (vite.config.ts) and each
 * dynamically imported chunk names the chunks its own imports reach, as bare `import"./x.js"` at its
 * end: the browser fetches the whole graph once the page chunk has arrived (one round trip later than
 * a preload from the entry), and nothing evaluates in another order, since a module appended last is
 * evaluated last and every one of them is already evaluated by then.
 */
export function hoistImports(): Plugin {
  return {
    name: 'paiclass-hoist-imports',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isDynamicEntry) continue;
        const direct = new Set(chunk.imports);
        const extra = transitiveImports(bundle, chunk.fileName).filter((f) => !direct.has(f));
        if (extra.length === 0) continue;
        const from = chunk.fileName.split('/').slice(0, -1).join('/');
        chunk.code += `\n${extra.map((f) => `import"./${from ? f.slice(from.length + 1) : f}";`).join('')}\n`;
      }
    },
  };
}
