import { describe, expect, it } from 'vitest';
import { initialChunks, loadSheets, pageStylesheets, stylesheetsOf } from './pageStylesheets';

type Chunk = {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  code: string;
  viteMetadata: { importedCss: Set<string> };
};
const chunk = (fileName: string, imports: string[], css: string[], kind: 'entry' | 'lazy' | 'shared' = 'shared'): Chunk => ({
  type: 'chunk',
  fileName,
  imports,
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

  it("gives a lazy chunk its own stylesheets and its imports', less those the first document links", () => {
    const b = bundle();
    const initial = initialChunks(b);
    expect([...initial].sort()).toEqual(['assets/boot.js', 'assets/index-1.js']);
    expect(stylesheetsOf(b, 'assets/Page.js', initial)).toEqual(['assets/page.css', 'assets/ui.css']);
    expect(stylesheetsOf(b, 'assets/Other.js', initial)).toEqual(['assets/ui.css']);
    expect(stylesheetsOf(b, 'assets/Bare.js', initial)).toEqual([]);
  });

  it('ends each lazy chunk by loading its stylesheets, and leaves only the first document’s in Vite’s lists', () => {
    const b = bundle();
    const plugin = pageStylesheets() as unknown as { generateBundle: (o: unknown, b: Record<string, Chunk>) => void };
    plugin.generateBundle({}, b);
    expect(b['assets/Page.js']!.code).toBe(`/*assets/Page.js*/${loadSheets(['./page.css', './ui.css'])}`);
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
