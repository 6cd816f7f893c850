import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ByteRange, LocalStorage } from '../../platform/storage';
import { LiveFiles, playlistWindow } from './live-files';
import { type RecordIndex, livePlaylist } from './recording';

/** The live files served from the storage (decision 048): the live address serves the live's window, not its recording. */
describe('the live files from the storage', () => {
  const windowOf = (first: number, last: number): RecordIndex => ({
    segments: Array.from({ length: last - first + 1 }, (_, i) => ({ n: first + i, dur: 2, start: 0 })),
  });

  it('reads the first and last segment a live playlist names', () => {
    expect(playlistWindow(livePlaylist(windowOf(10, 13), windowOf(10, 13).segments))).toEqual({ first: 10, last: 13 });
    expect(playlistWindow('#EXTM3U\n')).toBeNull();
  });

  it('serves nothing before the live playlist, then the segments it names or named within a window, never later ones', async () => {
    const storage = new LocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-live-files-')));
    const files = new LiveFiles(storage);
    for (let n = 0; n <= 20; n++) await storage.put(`live/7/${n}.ts`, Buffer.from([0x47, n]));
    expect(await files.playlist(7)).toBeNull();
    expect(await files.segment(7, 10)).toBeNull();

    const put = (first: number, last: number) =>
      storage.put('live/7/live.m3u8', Buffer.from(livePlaylist(windowOf(first, last), windowOf(first, last).segments)));
    await put(10, 13);
    await new Promise((r) => setTimeout(r, 150)); // past the playlist's cache
    expect(String(await files.playlist(7))).toContain('#EXT-X-MEDIA-SEQUENCE:10');
    expect(await files.segment(7, 13)).toEqual(Buffer.from([0x47, 13]));
    // just out of the window (a player a little behind): still served; further back it is the recording's
    expect(await files.segment(7, 6)).toEqual(Buffer.from([0x47, 6]));
    expect(await files.segment(7, 5)).toBeNull();
    // stored but not named yet: not served
    expect(await files.segment(7, 14)).toBeNull();
    // a viewer holding a newer playlist than the cached one gets the new segment
    await put(11, 14);
    await new Promise((r) => setTimeout(r, 60));
    expect(await files.segment(7, 14)).toEqual(Buffer.from([0x47, 14]));
    // named but missing from the storage: not found, not an error
    await storage.delete('live/7/12.ts');
    const fresh = new LiveFiles(storage);
    expect(await fresh.segment(7, 12)).toBeNull();
  });

  it('answers a failed read of the playlist with the last one read, for a while; then the failure', async () => {
    /** a storage whose reads fail while `failing` (an object read while it is replaced, S3 briefly unreachable) */
    class Flaky extends LocalStorage {
      failing = false;
      override get(key: string, range?: ByteRange) {
        return this.failing ? Promise.reject(new Error('read failed')) : super.get(key, range);
      }
    }
    const storage = new Flaky(fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-live-files-')));
    const files = new LiveFiles(storage, 400);
    await storage.put('live/8/live.m3u8', Buffer.from(livePlaylist(windowOf(3, 5), windowOf(3, 5).segments)));
    await storage.put('live/8/5.ts', Buffer.from([0x47, 5]));
    const first = String(await files.playlist(8));
    expect(first).toContain('#EXT-X-MEDIA-SEQUENCE:3');
    expect(await files.segment(8, 5)).toEqual(Buffer.from([0x47, 5]));
    storage.failing = true;
    await new Promise((r) => setTimeout(r, 150)); // past the playlist's cache
    expect(String(await files.playlist(8))).toBe(first);
    expect(await files.segment(8, 5)).toEqual(Buffer.from([0x47, 5]));
    await new Promise((r) => setTimeout(r, 400)); // the last one read is now too old to stand in
    await expect(files.playlist(8)).rejects.toThrow('read failed');
    // with nothing read before, a failure is the answer at once
    await expect(new LiveFiles(storage, 400).playlist(8)).rejects.toThrow('read failed');
  });
});
