/// <reference types="node" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { ariaPatches } from './build/ariaPatches';
import { chunkGroups } from './build/chunkGroups';
import { contractPaths } from './build/contractPaths';
import { hoistImports } from './build/hoistImports';
import { pageStylesheets } from './build/pageStylesheets';
import { localeGroups } from './build/localeGroups';
import { inlineEntryCss } from './build/inlineEntryCss';
import { precompress } from './build/precompress';
import { reactIsFragment } from './build/reactIsFragment';
import { reactRootRender } from './build/reactRootRender';
import { slimIcons } from './build/slimIcons';

/** The API server in development; `npm start` serves API and web from one origin instead. */
const API_TARGET = process.env.PAICLASS_API ?? 'http://127.0.0.1:3000';

const proxied = { target: API_TARGET, changeOrigin: false };

export default defineConfig({
  plugins: [
    contractPaths(),
    react(),
    ariaPatches(),
    reactRootRender(),
    reactIsFragment(),
    slimIcons(),
    localeGroups(),
    inlineEntryCss(),
    hoistImports(),
    pageStylesheets(),
    precompress(),
  ],
  resolve: {
    // one React only, or hooks break: the root package.json overrides antd-mobile's React 16-18 peer range
    dedupe: ['react', 'react-dom'],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/UserApi': proxied,
      '/SchoolApi': proxied,
      '/DevApi': proxied,
      '/wechat': proxied,
      '/openapi.json': proxied,
      '/docs': proxied,
      // every other call of the `/{Area}Api/{verbNoun}` family, in any letter case (docs/api.md)
      '^/+[^/]*[Aa][Pp][Ii]/': proxied,
      // Ketangpai's Futurev2 family (the course template call)
      '^/+[Ff][Uu][Tt][Uu][Rr][Ee][Vv]2/': proxied,
      '/ws': { target: API_TARGET.replace(/^http/, 'ws'), ws: true },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: {
      '/UserApi': proxied,
      '/SchoolApi': proxied,
      '/DevApi': proxied,
      '/wechat': proxied,
      '^/+[^/]*[Aa][Pp][Ii]/': proxied,
      '^/+[Ff][Uu][Tt][Uu][Rr][Ee][Vv]2/': proxied,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // no JavaScript preload list in the entry: each lazy chunk names what it reaches (build/hoistImports.ts);
    // a lazy chunk's stylesheets are still loaded with it
    modulePreload: { polyfill: false, resolveDependencies: () => [] },
    rolldownOptions: {
      output: {
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], includeDependenciesRecursively: false },
            // hand-picked chunks for the modules the first pages share (build/chunkGroups.ts)
            ...chunkGroups,
          ],
        },
      },
    },
  },
});
