import { readObjectIfAny, type Storage } from '../../platform/storage';
import { LIVE_PLAYLIST, recordKey } from './recording';

/**
 * The live HLS files as `/live/hls` serves them, from the project's storage (decision 048), so any
 * instance serves a live on the air, not only the one running nginx. Two small caches keep a crowd of
 * viewers from becoming a crowd of storage reads (S3 bills and delays each): the playlist is read at most
 * once per PLAYLIST_MS per live (single-flight; this is what the cache adds to the live edge), and the
 * segments of the window are kept in memory up to SEGMENT_BYTES (they never change).
 *
 * The live address serves the live's window, not its whole recording (that is `/live/rec`, with its own
 * capability): a segment is served when the live playlist names it or named it within the last window.
 */
const PLAYLIST_MS = 100;
/** a request for a segment newer than the cached playlist rereads it, but not more often than this */
const REREAD_MS = 50;
const SEGMENT_BYTES = 64 * 1024 * 1024;
/**
 * A playlist read that fails (the storage briefly unreachable, or an object read while the instance running
 * nginx replaces it) is answered with the last one read, up to this old: a player asks again in a moment, as
 * it would behind a CDN serving stale on error. Older than that, the failure is the answer (a 500).
 */
const STALE_ON_ERROR_MS = 10_000;

interface Playlist {
  /** the playlist's text, or null when the live has none (not on the air yet, or before decision 048) */
  body: Buffer | null;
  first: number;
  last: number;
  at: number;
}

/** The first and last segment numbers a live playlist names (PaiClass's numbers, `<n>.ts`). */
export function playlistWindow(text: string) {
  const names = text
    .split('\n')
    .map((l) => /^(\d{1,12})\.ts$/.exec(l.trim())?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  return names.length ? { first: names[0]!, last: names[names.length - 1]! } : null;
}

export class LiveFiles {
  private playlists = new Map<number, Playlist>();
  private reading = new Map<number, Promise<Playlist>>();
  private segments = new Map<string, Buffer>();
  private segmentBytes = 0;
  private fetching = new Map<string, Promise<Buffer | null>>();

  constructor(
    private storage: Storage,
    private staleOnErrorMs = STALE_ON_ERROR_MS,
  ) {}

  /** The live playlist of a live, or null when it has none. */
  async playlist(id: number) {
    return (await this.readPlaylist(id, PLAYLIST_MS)).body;
  }

  /** Segment `n` of a live while in (or just out of) its window, or null. */
  async segment(id: number, n: number) {
    let p = await this.readPlaylist(id, PLAYLIST_MS);
    // the viewer may hold a newer playlist than the one cached here
    if (n > p.last) p = await this.readPlaylist(id, REREAD_MS);
    if (!p.body || n > p.last || n < p.first - (p.last - p.first + 1)) return null;
    return this.readSegment(recordKey(id, `${n}.ts`));
  }

  private readPlaylist(id: number, maxAge: number): Promise<Playlist> {
    const cached = this.playlists.get(id);
    if (cached && Date.now() - cached.at < maxAge) return Promise.resolve(cached);
    const running = this.reading.get(id);
    if (running) return running;
    const at = Date.now();
    const read = readObjectIfAny(this.storage, recordKey(id, LIVE_PLAYLIST))
      .then((body): Playlist => ({ body, ...((body && playlistWindow(String(body))) || { first: 0, last: -1 }), at }))
      .then((p) => {
        // a live ended long ago is not kept: only lives asked for in the last moments stay here
        for (const [key, old] of this.playlists) if (at - old.at > 60_000) this.playlists.delete(key);
        this.playlists.set(id, p);
        return p;
      })
      .catch((error: unknown) => {
        const last = this.playlists.get(id);
        if (last && Date.now() - last.at < this.staleOnErrorMs) return last;
        throw error;
      })
      .finally(() => this.reading.delete(id));
    this.reading.set(id, read);
    return read;
  }

  private readSegment(key: string): Promise<Buffer | null> {
    const kept = this.segments.get(key);
    if (kept) {
      // most recently used last
      this.segments.delete(key);
      this.segments.set(key, kept);
      return Promise.resolve(kept);
    }
    const running = this.fetching.get(key);
    if (running) return running;
    const read = readObjectIfAny(this.storage, key)
      .then((body) => {
        if (!body) return null;
        this.segments.set(key, body);
        this.segmentBytes += body.length;
        for (const [old, b] of this.segments) {
          if (this.segmentBytes <= SEGMENT_BYTES) break;
          this.segments.delete(old);
          this.segmentBytes -= b.length;
        }
        return body;
      })
      .finally(() => this.fetching.delete(key));
    this.fetching.set(key, read);
    return read;
  }
}
