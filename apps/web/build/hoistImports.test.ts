import { describe, expect, it } from 'vitest';
import { hoistImports, transitiveImports } from './hoistImports';

type Bundle = Record<string, { type: 'chunk'; fileName: string; imports: string[]; isDynamicEntry: boolean; code: string }>;
const chunk = (fileName: string, imports: string[], isDynamicEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  isDynamicEntry,
  code: `/*${fileName}*/`,
});

describe('hoistImports', () => {
  const bundle = (): Bundle => ({
    'assets/index.js': chunk('assets/index.js', []),
    'assets/Page.js': chunk('assets/Page.js', ['assets/index.js', 'assets/Field.js'], true),
    'assets/Field.js': chunk('assets/Field.js', ['assets/input.js', 'assets/index.js']),
    'assets/input.js': chunk('assets/input.js', ['assets/icon.js', 'assets/Field.js']),
    'assets/icon.js': chunk('assets/icon.js', []),
  });

  it('follows static imports to the end, through cycles, leaving the chunk itself out', () => {
    expect(transitiveImports(bundle(), 'assets/Page.js')).toEqual([
      'assets/Field.js',
      'assets/icon.js',
      'assets/index.js',
      'assets/input.js',
    ]);
  });

  it('appends to a lazily loaded chunk the chunks it reaches but does not import itself, last, and leaves the rest alone', () => {
    const b = bundle();
    const plugin = hoistImports() as unknown as { generateBundle: (o: unknown, b: Bundle) => void };
    plugin.generateBundle({}, b);
    expect(b['assets/Page.js']!.code).toBe('/*assets/Page.js*/\nimport"./icon.js";import"./input.js";\n');
    expect(b['assets/Field.js']!.code).toBe('/*assets/Field.js*/');
  });
});
