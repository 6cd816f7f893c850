import type { Plugin } from 'vite';

/** antd-mobile's module that holds the renderer of its dialogs, toasts and other imperative layers. */
const MODULE = /[\\/]antd-mobile[\\/]es[\\/]utils[\\/]unstable-render\.js$/;

/** The text the default renderer is replaced by: React 19's createRoot, as lib/antdRender.ts sets it. */
const REACT_19_RENDER = `import { createRoot } from 'react-dom/client';
const defaultReactRender = (node, container) => {
  container._reactRoot ??= createRoot(container);
  const root = container._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
};
let unstableRender = defaultReactRender;`;

/**
 * antd-mobile 5's default renderer is React 16-18's (rc-util's render, which calls ReactDOM.render:
 * gone in React 19), and it brings rc-util's CommonJS with babel's regenerator runtime and helpers,
 * 4.7 KB gzip on the first load of every page that awaited lib/antdRender.ts (issue 10). The build
 * reads that module with React 19's createRoot as its default instead, the same renderer
 * lib/antdRender.ts sets; the dev server's pre-bundle skips plugins, so lib/antdRender.ts stays.
 */
export function reactRootModule(code: string) {
  const start = code.indexOf("import warningOnce from 'rc-util/lib/warning';");
  const end = code.indexOf('let unstableRender = defaultReactRender;');
  if (start < 0 || end < 0 || !code.includes("import { render, unmount } from './render';")) {
    throw new Error("reactRootRender: antd-mobile's utils/unstable-render.js changed; look again");
  }
  return code.slice(0, start) + REACT_19_RENDER + code.slice(end + 'let unstableRender = defaultReactRender;'.length);
}

export function reactRootRender(): Plugin {
  return {
    name: 'paiclass-react-root-render',
    apply: 'build',
    transform(code, id) {
      if (!MODULE.test(id)) return null;
      return { code: reactRootModule(code), map: null };
    },
  };
}
