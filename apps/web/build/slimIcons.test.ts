import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { relativePath, SVG_ICON, sharedWrapper, slimIconModule, slimPath } from './slimIcons';

const require = createRequire(import.meta.url);

describe('slimIcons', () => {
  it('rounds coordinates to one decimal and drops the repeated point of a zero-length line', () => {
    expect(slimPath('M23.9986223,7.45929361 L34.8936772,11.6973364 L35.2891034,12.0521655 L35.2891034,12.0521655 Z')).toBe(
      'M24,7.5L34.9,11.7L35.3,12.1Z',
    );
    expect(slimPath('M0,-0.001 L-1.5,2 L-1.5,2 L-1.5,2 L-1.5,20 Z')).toBe('M0,0L-1.5,2L-1.5,20Z');
  });

  it('draws a path relative to the point reached, the same rounded shape in fewer bytes', () => {
    expect(relativePath('M24,7.5L34.9,11.7L34.9,11.7L35.3,12.1Z')).toBe('M24,7.5l10.9,4.2.4.4z');
    // a line along an axis is h or v; a curve is c; after a close, a move is relative to the subpath's start
    expect(relativePath('M10,10L20,10L20,5C20,4 21,3 22,3ZM12,10L13,11Z')).toBe('M10,10h10v-5c0-1,1-2,2-2zm2,0l1,1z');
    // other commands stay as they are
    expect(relativePath('M1,1A2,2 0 0 1 3,3Z')).toBe('M1,1A2,2 0 0 1 3,3Z');
  });

  it('keeps an icon module a working module: same elements, same attributes but ids, slimmer paths', () => {
    const file = require.resolve('antd-mobile-icons/es/EyeOutline.js');
    const code = readFileSync(file, 'utf8');
    const slim = slimIconModule(code);
    expect(slim.length).toBeLessThan(code.length / 2);
    expect(slim).not.toMatch(/\bid: /);
    const elements = (source: string) => source.match(/createElement\("\w+"/g);
    expect(elements(slim)).toEqual(elements(code));
    expect(slim).toContain('viewBox: "0 0 48 48"');
    // every path still starts with a move and closes
    for (const [, d] of slim.matchAll(/\bd: "([^"]*)"/g)) expect(d).toMatch(/^M[\d.,\- A-Za-z]+z$/);
  });

  it('draws every icon through the one shared <svg> wrapper, its own drawing unchanged', () => {
    const file = require.resolve('antd-mobile-icons/es/DownOutline.js');
    const slim = slimIconModule(readFileSync(file, 'utf8'));
    const shared = sharedWrapper(slim);
    expect(shared).toContain(`import { svgIcon } from "${SVG_ICON}";`);
    expect(shared).not.toContain('createElement("svg"');
    const drawing = (source: string) => source.slice(source.indexOf('React.createElement("g"'), source.lastIndexOf('))'));
    expect(drawing(shared)).toBe(drawing(slim));
    // a module of another shape is left alone
    expect(sharedWrapper('export default 1;')).toBe('export default 1;');
  });
});
