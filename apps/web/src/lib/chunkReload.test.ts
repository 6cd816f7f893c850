import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, ChunkLoadError, isChunkLoadError, type ReloadContext, reloadOnce } from './chunkReload';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function context(path = '/ktpcourse', storage: ReloadContext['storage'] = memoryStorage()) {
  return { storage, path: () => path, reload: vi.fn() };
}

const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Page-old.js'));
const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 10));
  return done;
};

describe('reloadOnce', () => {
  it('reloads the page on the first failed chunk and never settles meanwhile', async () => {
    const ctx = context();
    const pending = reloadOnce(gone, ctx)();
    expect(await settled(pending)).toBe(false);
    expect(ctx.reload).toHaveBeenCalledTimes(1);
    expect(ctx.storage.getItem(`${CHUNK_RELOAD_KEY}/ktpcourse`)).not.toBeNull();
  });

  it('fails with ChunkLoadError on the second failure for the same path, without another reload', async () => {
    const storage = memoryStorage();
    const first = context('/ktpcourse', storage);
    void reloadOnce(gone, first)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // the reloaded page: same sessionStorage, the chunk still missing
    const second = context('/ktpcourse', storage);
    const error = await reloadOnce(gone, second)().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as Error).message).toContain('Failed to fetch dynamically imported module');
    expect(second.reload).not.toHaveBeenCalled();
  });

  it('remembers the attempt per path: another page still gets its one reload', async () => {
    const storage = memoryStorage();
    storage.setItem(`${CHUNK_RELOAD_KEY}/login`, '1');
    const ctx = context('/ktpcourse', storage);
    void reloadOnce(gone, ctx)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ctx.reload).toHaveBeenCalledTimes(1);
  });

  it('forgets the attempt once the chunk loads, so a later deploy reloads again', async () => {
    const storage = memoryStorage();
    let missing = true;
    const page = () => (missing ? gone() : Promise.resolve({ default: 'page' }));
    const ctx = context('/ktpcourse', storage);
    void reloadOnce(page, ctx)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ctx.reload).toHaveBeenCalledTimes(1);
    missing = false;
    await expect(reloadOnce(page, ctx)()).resolves.toEqual({ default: 'page' });
    expect(storage.items.size).toBe(0);
    missing = true;
    void reloadOnce(page, ctx)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ctx.reload).toHaveBeenCalledTimes(2);
  });

  it('keeps the attempt when another chunk of the same path loads (the shell around the missing page)', async () => {
    const storage = memoryStorage();
    const ctx = context('/ktpcourse', storage);
    void reloadOnce(gone, ctx)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await reloadOnce(() => Promise.resolve({ default: 'shell' }), ctx)();
    await expect(reloadOnce(gone, ctx)()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(ctx.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when sessionStorage cannot remember the attempt (it could loop)', async () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => undefined,
    };
    const ctx = context('/ktpcourse', blocked);
    await expect(reloadOnce(gone, ctx)()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(ctx.reload).not.toHaveBeenCalled();

    // a storage that accepts writes but keeps nothing (quota 0) cannot remember either
    const forgetful = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
    const ctx2 = context('/ktpcourse', forgetful);
    await expect(reloadOnce(gone, ctx2)()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(ctx2.reload).not.toHaveBeenCalled();
  });
});
