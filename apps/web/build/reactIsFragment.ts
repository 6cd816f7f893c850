import type { Plugin } from 'vite';

/** antd-mobile's helper that walks a component's children (tab bar, tabs, swiper, steps…), unwrapping fragments. */
const MODULE = /[\\/]antd-mobile[\\/]es[\\/]utils[\\/]traverse-react-node\.js$/;

const IMPORT = "import { isFragment } from 'react-is';";

/** React 19's fragment test: an element whose type is the fragment symbol. */
const REACT_19_IS_FRAGMENT = `const isFragment = (node) => typeof node === 'object' && node !== null && node.type === Symbol.for('react.fragment');`;

/**
 * antd-mobile's `traverseReactNode` asks react-is 18 whether a child is a fragment; react-is 18 knows
 * React 18's elements only (`Symbol.for('react.element')`), so with React 19 it answered no for every
 * child, and it brought all of react-is (0.6 KB gzip) into the home shell's tab bar on every tab page's
 * first load (issue 23). The build reads the module with React 19's own test in its place: a fragment
 * child is unwrapped, as antd-mobile means it to be.
 */
export function reactIsFragmentModule(code: string) {
  if (!code.includes(IMPORT)) throw new Error("reactIsFragment: antd-mobile's utils/traverse-react-node.js changed; look again");
  return code.replace(IMPORT, REACT_19_IS_FRAGMENT);
}

export function reactIsFragment(): Plugin {
  return {
    name: 'paiclass-react-is-fragment',
    apply: 'build',
    transform(code, id) {
      if (!MODULE.test(id)) return null;
      return { code: reactIsFragmentModule(code), map: null };
    },
  };
}
