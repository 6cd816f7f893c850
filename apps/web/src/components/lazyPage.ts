import { type ComponentType, lazy } from 'react';
import { reloadOnce } from '../lib/chunkReload';
import { loadStrings, type StringPart } from '../lib/i18n';

/**
 * A page fetched as its own chunk when its route first renders; a chunk gone after a deploy reloads
 * once. With `strings`, that part of the locale strings arrives with the chunk, before the page renders.
 */
// biome-ignore lint/suspicious/noExplicitAny: a page's props are whatever its route passes
export function lazyPage<P extends Record<string, any>>(
  load: () => Promise<{ default: ComponentType<P> }>,
  strings?: StringPart,
) {
  const page = reloadOnce(load);
  if (!strings) return lazy(page);
  const part = reloadOnce(() => loadStrings(strings));
  return lazy(() => Promise.all([page(), part()]).then(([loaded]) => loaded));
}
