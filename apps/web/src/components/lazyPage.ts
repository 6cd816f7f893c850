import { type ComponentType, lazy } from 'react';
import { reloadOnce } from '../lib/chunkReload';

/** A page fetched as its own chunk when its route first renders; a chunk gone after a deploy reloads once. */
// biome-ignore lint/suspicious/noExplicitAny: a page's props are whatever its route passes
export function lazyPage<P extends Record<string, any>>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(reloadOnce(load));
}
