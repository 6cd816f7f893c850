/// <reference types="node" />
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What is worth compressing: text assets over 1 KB (smaller ones gain less than the header costs). */
export const PRECOMPRESSED = /\.(js|mjs|css|html|svg|json)$/;
export const MIN_BYTES = 1024;

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)])));
  return nested.flat();
}

/** Writes `<file>.br` (brotli quality 11) and `<file>.gz` (gzip -9) beside every matching file under `dir`. */
export async function precompressDir(dir: string): Promise<number> {
  const targets: string[] = [];
  for (const file of await files(dir)) {
    if (PRECOMPRESSED.test(file) && (await stat(file)).size > MIN_BYTES) targets.push(file);
  }
  await Promise.all(
    targets.map(async (file) => {
      const body = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gz(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    }),
  );
  return targets.length;
}

/** Build-time precompression (issue 10): the server sends these instead of compressing on every request. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'paiclass-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const count = await precompressDir(outDir);
      this.info(`precompressed ${count} files (.br, .gz)`);
    },
  };
}
