import type { Plugin } from 'vite';
import { transitiveImports } from './hoistImports';

type Chunkish = { type: string; isEntry?: boolean; imports?: string[]; viteMetadata?: { importedCss: Set<string> } };

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
 * The stylesheets a lazily loaded chunk needs: its own and those of every chunk it reaches statically,
 * less those the first document already links (the initial chunks'), in a stable order.
 */
export function stylesheetsOf(bundle: Record<string, Chunkish>, fileName: string, initial: Set<string>): string[] {
  const css = new Set<string>();
  for (const f of [fileName, ...transitiveImports(bundle, fileName)]) {
    if (initial.has(f)) continue;
    for (const sheet of bundle[f]?.viteMetadata?.importedCss ?? []) css.add(sheet);
  }
  return [...css].sort();
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
      for (const chunk of Object.values(chunks)) {
        if (chunk.type !== 'chunk' || !chunk.isDynamicEntry) continue;
        lists.set(chunk.fileName, stylesheetsOf(chunks, chunk.fileName, initial));
      }
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
