import type { Plugin } from 'vite';
import { transitiveImports } from './hoistImports';

type Chunkish = {
  type: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * The chunks loaded by an `import()`: those Rolldown marks as dynamic entries, and those an `import()`
 * names though they hold other modules too (a page merged into a shared chunk is not marked).
 */
export function lazyChunks(bundle: Record<string, Chunkish>): Set<string> {
  const lazy = new Set<string>();
  for (const [fileName, chunk] of Object.entries(bundle)) {
    if (chunk.type !== 'chunk') continue;
    if (chunk.isDynamicEntry) lazy.add(fileName);
    for (const f of chunk.dynamicImports ?? []) if (bundle[f]?.type === 'chunk') lazy.add(f);
  }
  return lazy;
}

/** The chunks the page's first document loads: the entries and every chunk they reach statically. */
export function initialChunks(bundle: Record<string, Chunkish>): Set<string> {
  const initial = new Set<string>();
  for (const [fileName, chunk] of Object.entries(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
    initial.add(fileName);
    for (const f of transitiveImports(bundle, fileName)) initial.add(f);
  }
  return initial;
}

/**
 * The stylesheets a lazily loaded chunk needs, in the order Vite's preload list had them (its imports'
 * first, depth first, the chunk's own last: a page's own rules come after the shared ones they refine,
 * and win where both say something), less those the first document already links (the initial
 * chunks').
 */
export function stylesheetsOf(bundle: Record<string, Chunkish>, fileName: string, initial: Set<string>): string[] {
  const css: string[] = [];
  const visited = new Set(initial);
  const visit = (f: string) => {
    if (visited.has(f)) return;
    visited.add(f);
    for (const next of bundle[f]?.imports ?? []) visit(next);
    for (const sheet of bundle[f]?.viteMetadata?.importedCss ?? []) if (!css.includes(sheet)) css.push(sheet);
  };
  visit(fileName);
  return css;
}

/**
 * The loader appended to a lazy chunk: links each stylesheet not linked yet (as Vite's preload helper
 * does) and waits for them, so the chunk's import resolves, and its page renders, with its styles. A
 * stylesheet that cannot be fetched (gone after a deploy) fails the import, as a missing chunk does,
 * and the page reloads once (lib/chunkReload.ts).
 */
export const loadSheets = (hrefs: string[]) =>
  `\nawait Promise.all(${JSON.stringify(hrefs)}.map(h=>(h=new URL(h,import.meta.url).href,document.querySelector(\`link[href="\${h}"]\`)||new Promise((r,j)=>{let l=document.createElement("link");l.rel="stylesheet";l.href=h;l.onload=r;l.onerror=()=>{l.remove();j(Error("Unable to load the stylesheet "+h))};document.head.append(l)}))));\n`;

/**
 * Each lazily loaded chunk brings its own stylesheets (issue 23, first load). Vite lists every lazy
 * chunk's stylesheets at its import in the entry (`__vite__mapDeps`): the 74 stylesheet names and 156
 * pages' lists, 2.1 KB gzip of the entry that every page downloads first. Instead each dynamically
 * imported chunk ends by linking the stylesheets its own graph needs and awaiting them (top-level
 * await: its import resolves once they are applied), and the non-initial chunks' stylesheets are taken
 * out of Vite's metadata before its import analysis writes the lists. The first document's own
 * stylesheets stay in index.html. Runs before Vite's import analysis (a post plugin runs before
 * Vite's own post-build plugins).
 */
export function pageStylesheets(): Plugin {
  return {
    name: 'paiclass-page-stylesheets',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = bundle as unknown as Record<
        string,
        Chunkish & { fileName: string; isDynamicEntry?: boolean; code?: string }
      >;
      const initial = initialChunks(chunks);
      const lists = new Map<string, string[]>();
      for (const fileName of lazyChunks(chunks)) lists.set(fileName, stylesheetsOf(chunks, fileName, initial));
      for (const [fileName, sheets] of lists) {
        if (sheets.length === 0) continue;
        const dir = fileName.split('/').slice(0, -1).join('/');
        const relative = sheets.map((s) => `./${dir && s.startsWith(`${dir}/`) ? s.slice(dir.length + 1) : s}`);
        chunks[fileName]!.code += loadSheets(relative);
      }
      for (const [fileName, chunk] of Object.entries(chunks))
        if (chunk.type === 'chunk' && !initial.has(fileName)) chunk.viteMetadata?.importedCss.clear();
    },
  };
}
