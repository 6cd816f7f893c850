/**
 * A page's code arrives as its own file (a chunk) named by its content's hash. After a deploy the
 * old files are gone, so an open tab that asks for one gets an error: the page is reloaded once to
 * fetch the new build; if that chunk fails again the spec's ChunkLoadError page shows (spec 2 §8).
 * The attempt is remembered in sessionStorage, keyed by path, so a reload can never loop.
 */

/** The sessionStorage key prefix of a reload already tried for a path. */
export const CHUNK_RELOAD_KEY = 'chunkReload:';

/** A page's code that could not be fetched even after the one reload (spec 2 §8 "ChunkLoadError"). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError =>
  error instanceof Error && error.name === 'ChunkLoadError';

export interface ReloadContext {
  /** sessionStorage, or a stand-in in tests; a getter or setter that throws counts as unavailable */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** the path the reload is remembered for (the address being opened) */
  path: () => string;
  reload: () => void;
}

const browser: ReloadContext = {
  get storage() {
    return window.sessionStorage;
  },
  path: () => window.location.pathname.toLowerCase(),
  reload: () => window.location.reload(),
};

/**
 * Wraps a chunk loader: its success forgets its own earlier attempt for the path (another chunk
 * loading at the same path, the shell say, does not); the first failure for a
 * path reloads the page (and never settles, so nothing renders meanwhile); a second failure, or a
 * failure where the attempt cannot be remembered, rejects with a ChunkLoadError.
 */
export function reloadOnce<T>(load: () => Promise<T>, context: ReloadContext = browser): () => Promise<T> {
  // the loader's own text names its chunk (`() => import('./pages/X')`), so the attempt is told apart from other chunks'
  const id = String(load).slice(0, 200);
  return async () => {
    const key = CHUNK_RELOAD_KEY + context.path();
    try {
      const loaded = await load();
      if (attempt(() => context.storage.getItem(key)) === id) attempt(() => context.storage.removeItem(key));
      return loaded;
    } catch (cause) {
      const tried = attempt(() => context.storage.getItem(key));
      // a storage that cannot be read cannot remember the attempt either: no reload, or it could loop
      if (tried === null) {
        const remembered = attempt(() => {
          context.storage.setItem(key, id);
          return context.storage.getItem(key);
        });
        if (remembered) {
          context.reload();
          return new Promise<T>(() => undefined);
        }
      }
      throw new ChunkLoadError(cause instanceof Error ? cause.message : String(cause), { cause });
    }
  };
}

function attempt<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
