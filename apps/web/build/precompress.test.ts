/// <reference types="node" />
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('precompressDir', () => {
  it('writes .br and .gz beside text assets over 1 KB that decompress to the same bytes, and nothing for others', async () => {
    dir = await mkdtemp(join(tmpdir(), 'precompress-'));
    await mkdir(join(dir, 'assets'));
    const big = Buffer.from('export const words = "PaiClass 在线课堂";\n'.repeat(200));
    await writeFile(join(dir, 'assets', 'page-abc.js'), big);
    await writeFile(join(dir, 'index.html'), '<!doctype html>'.repeat(100));
    await writeFile(join(dir, 'assets', 'tiny.js'), 'export {};');
    await writeFile(join(dir, 'logo.png'), Buffer.alloc(4096, 7));

    expect(await precompressDir(dir)).toBe(2);
    const js = join(dir, 'assets', 'page-abc.js');
    expect(brotliDecompressSync(await readFile(`${js}.br`)).equals(big)).toBe(true);
    expect(gunzipSync(await readFile(`${js}.gz`)).equals(big)).toBe(true);
    expect((await readFile(`${js}.br`)).length).toBeLessThan(big.length / 10);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'logo.png.gz'))).toBe(false);
  });
});
