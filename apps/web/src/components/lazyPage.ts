import { type ComponentType, lazy } from 'react';
import { reloadOnce } from '../lib/chunkReload';
import { loadStrings, type StringPart } from '../lib/i18n';

/**
 * A page fetched as its own chunk when its route first renders; a chunk gone after a deploy reloads
 * once. With `strings`, that part of the locale strings arrives with the chunk, before the page renders,
 * and so does antd-mobile's renderer for dialogs and toasts (not with the account pages' words: those
 * pages import it where they show a dialog).
 */
/** antd-mobile's dialog and toast renderer for React 19, in place before any page can show one. */
const antdRender = reloadOnce(() => import('../lib/antdRender'));

// biome-ignore lint/suspicious/noExplicitAny: a page's props are whatever its route passes
export function lazyPage<P extends Record<string, any>>(
  load: () => Promise<{ default: ComponentType<P> }>,
  strings?: StringPart,
) {
  const page = reloadOnce(load);
  // the core pages (accounts, shell) import the renderer where they show a dialog, so /login does not fetch it
  const words = strings ? [reloadOnce(() => loadStrings(strings))] : [];
  const needs = strings && strings !== 'account' ? [antdRender, ...words] : words;
  return lazy(() => Promise.all([page(), ...needs.map((need) => need())]).then(([loaded]) => loaded));
}
