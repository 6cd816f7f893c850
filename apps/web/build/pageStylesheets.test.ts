import { describe, expect, it } from 'vitest';
import { initialChunks, lazyChunks, loadSheets, pageStylesheets, stylesheetsOf } from './pageStylesheets';

type Chunk = {
  type: 'chunk';
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  code: string;
  viteMetadata: { importedCss: Set<string> };
};
const chunk = (fileName: string, imports: string[], css: string[], kind: 'entry' | 'lazy' | 'shared' = 'shared'): Chunk => ({
  type: 'chunk',
  fileName,
  imports,
  dynamicImports: [],
  isEntry: kind === 'entry',
  isDynamicEntry: kind === 'lazy',
  code: `/*${fileName}*/`,
  viteMetadata: { importedCss: new Set(css) },
});

describe('pageStylesheets', () => {
  const bundle = (): Record<string, Chunk> => ({
    'assets/index-1.js': chunk('assets/index-1.js', ['assets/boot.js'], ['assets/index-1.css'], 'entry'),
    'assets/boot.js': chunk('assets/boot.js', [], ['assets/boot.css']),
    'assets/Page.js': chunk('assets/Page.js', ['assets/index-1.js', 'assets/ui.js'], ['assets/page.css'], 'lazy'),
    'assets/Other.js': chunk('assets/Other.js', ['assets/ui.js'], [], 'lazy'),
    'assets/Bare.js': chunk('assets/Bare.js', ['assets/index-1.js'], [], 'lazy'),
    'assets/ui.js': chunk('assets/ui.js', ['assets/boot.js'], ['assets/ui.css']),
  });

  it("gives a lazy chunk its imports' stylesheets, depth first, then its own, less those the first document links", () => {
    const b = bundle();
    const initial = initialChunks(b);
    expect([...initial].sort()).toEqual(['assets/boot.js', 'assets/index-1.js']);
    expect(stylesheetsOf(b, 'assets/Page.js', initial)).toEqual(['assets/ui.css', 'assets/page.css']);
    expect(stylesheetsOf(b, 'assets/Other.js', initial)).toEqual(['assets/ui.css']);
    expect(stylesheetsOf(b, 'assets/Bare.js', initial)).toEqual([]);
  });

  it('takes a chunk an import() names as lazy even when Rolldown does not mark it a dynamic entry (a page merged into a shared chunk)', () => {
    const b = bundle();
    const merged = chunk('assets/merged.js', ['assets/ui.js'], ['assets/merged.css']);
    b['assets/merged.js'] = merged;
    b['assets/index-1.js']!.dynamicImports = ['assets/merged.js', 'assets/Page.js'];
    expect([...lazyChunks(b)].sort()).toEqual(['assets/Bare.js', 'assets/Other.js', 'assets/Page.js', 'assets/merged.js']);
    const plugin = pageStylesheets() as unknown as { generateBundle: (o: unknown, b: Record<string, Chunk>) => void };
    plugin.generateBundle({}, b);
    expect(merged.code).toBe(`/*assets/merged.js*/${loadSheets(['./ui.css', './merged.css'])}`);
  });

  it('keeps the order of Vite’s preload list: what a chunk imports comes before it, in import order, each once', () => {
    const b: Record<string, Chunk> = {
      'assets/index-1.js': chunk('assets/index-1.js', [], ['assets/index-1.css'], 'entry'),
      'assets/Page.js': chunk('assets/Page.js', ['assets/form.js', 'assets/list.js'], ['assets/page.css'], 'lazy'),
      'assets/form.js': chunk('assets/form.js', ['assets/base.js'], ['assets/form.css']),
      'assets/list.js': chunk('assets/list.js', ['assets/base.js', 'assets/index-1.js'], ['assets/list.css']),
      'assets/base.js': chunk('assets/base.js', [], ['assets/base.css', 'assets/base-extra.css']),
    };
    expect(stylesheetsOf(b, 'assets/Page.js', initialChunks(b))).toEqual([
      'assets/base.css',
      'assets/base-extra.css',
      'assets/form.css',
      'assets/list.css',
      'assets/page.css',
    ]);
  });

  it('ends each lazy chunk by loading its stylesheets, and leaves only the first document’s in Vite’s lists', () => {
    const b = bundle();
    const plugin = pageStylesheets() as unknown as { generateBundle: (o: unknown, b: Record<string, Chunk>) => void };
    plugin.generateBundle({}, b);
    expect(b['assets/Page.js']!.code).toBe(`/*assets/Page.js*/${loadSheets(['./ui.css', './page.css'])}`);
    expect(b['assets/Other.js']!.code).toBe(`/*assets/Other.js*/${loadSheets(['./ui.css'])}`);
    expect(b['assets/Bare.js']!.code).toBe('/*assets/Bare.js*/');
    // what Vite's import analysis would list at each import in the entry: nothing but the initial chunks' own
    expect([...b['assets/Page.js']!.viteMetadata.importedCss]).toEqual([]);
    expect([...b['assets/ui.js']!.viteMetadata.importedCss]).toEqual([]);
    expect([...b['assets/index-1.js']!.viteMetadata.importedCss]).toEqual(['assets/index-1.css']);
    expect([...b['assets/boot.js']!.viteMetadata.importedCss]).toEqual(['assets/boot.css']);
  });

  it('links each stylesheet once and waits for it; one that cannot be fetched fails the import', async () => {
    // the few parts of a document the loader uses
    type Link = { rel: string; href: string; onload?: () => void; onerror?: () => void; remove(): void };
    const links: Link[] = [];
    const document = {
      querySelector: (selector: string) => links.find((l) => selector === `link[href="${l.href}"]`) ?? null,
      createElement: () => {
        const link: Link = { rel: '', href: '', remove: () => links.splice(links.indexOf(link), 1) };
        return link;
      },
      head: { append: (link: Link) => links.push(link) },
    };
    // the appended statement, run as a function of its own (it needs a module to await in otherwise)
    const run = (hrefs: string[]) =>
      new Function(
        'document',
        `return (async()=>{${loadSheets(hrefs).replaceAll('import.meta.url', '"http://x/assets/p.js"')}})()`,
      )(document) as Promise<void>;
    const loading = run(['./a.css', './b.css']);
    expect(links.map((l) => [l.rel, l.href])).toEqual([
      ['stylesheet', 'http://x/assets/a.css'],
      ['stylesheet', 'http://x/assets/b.css'],
    ]);
    let settled = false;
    void loading.then(() => {
      settled = true;
    });
    links[0]!.onload!();
    await Promise.resolve();
    expect(settled).toBe(false);
    links[1]!.onload!();
    await loading;
    // already linked: nothing new, nothing to wait for
    await run(['./a.css']);
    expect(links).toHaveLength(2);
    const failing = run(['./gone.css']);
    links[2]!.onerror!();
    await expect(failing).rejects.toThrow('Unable to load the stylesheet http://x/assets/gone.css');
    expect(links).toHaveLength(2);
  });
});
