import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { readObject, type Storage } from '../../platform/storage';

/**
 * Every live is recorded and published (issue 26, decisions 036 and 048): while a live is on the air, the
 * HLS segments nginx-rtmp writes under `<hlsDir>/<id>/` are copied, as they appear, into the project's
 * storage (local folder or S3) as `live/<id>/<n>.ts`, numbered by PaiClass (a republish after a drop
 * continues the numbering, marked as a discontinuity), with `live/<id>/record.json` listing each segment's
 * length and the time its first frame was pushed, and then `live/<id>/live.m3u8`, the live playlist in
 * PaiClass's numbers naming only segments already stored. So any instance serves the live while it is on
 * the air, and the recording after. When the live ends the list becomes a video-on-demand playlist,
 * `live/<id>/index.m3u8`, and the live playlist is closed (`#EXT-X-ENDLIST`). The recorder runs on the
 * instance running nginx, started and stopped by nginx-rtmp's callbacks (and the teacher's endLive), and
 * copies when nginx rewrites its playlist (inotify), with a poll every second behind it.
 */

export interface RecordSegment {
  /** PaiClass's number of the segment: `live/<id>/<n>.ts` */
  n: number;
  /** seconds, from the live playlist's EXTINF */
  dur: number;
  /** epoch ms of its first frame (the publish's start plus the segments before it) */
  start: number;
  /** 1: the first segment of a republish */
  disc?: 1;
}

export interface RecordIndex {
  segments: RecordSegment[];
}

export const recordKey = (id: number, file: string) => `live/${id}/${file}`;
/** the live playlist in the storage (the recording's own playlist is `index.m3u8`) */
export const LIVE_PLAYLIST = 'live.m3u8';
/** the poll behind the folder watch: a watch can miss (a network file system, a folder remade) */
const POLL_MS = 1000;

export async function readRecordIndex(storage: Storage, id: number): Promise<RecordIndex> {
  if (!(await storage.exists(recordKey(id, 'record.json')))) return { segments: [] };
  try {
    const parsed = JSON.parse(String(await readObject(storage, recordKey(id, 'record.json')))) as RecordIndex;
    return { segments: Array.isArray(parsed.segments) ? parsed.segments : [] };
  } catch {
    return { segments: [] };
  }
}

export const recordSeconds = (index: RecordIndex) => Math.round(index.segments.reduce((sum, s) => sum + s.dur, 0) * 1000) / 1000;

/** The recording as a video-on-demand HLS playlist: every segment kept, a discontinuity at each republish. */
export function vodPlaylist(index: RecordIndex) {
  const target = Math.max(1, ...index.segments.map((s) => Math.ceil(s.dur)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
  ];
  for (const s of index.segments) {
    if (s.disc) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${s.dur.toFixed(3)},`, `${s.n}.ts`);
  }
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/**
 * The live window as an HLS live playlist in PaiClass's numbers (decision 048): `window` is a run of the
 * recording's segments, the newest last. The target duration is the longest segment of the recording so
 * far, so it never shrinks during a live; `ended` closes the playlist, so a player stops at its end.
 */
export function livePlaylist(index: RecordIndex, window: RecordSegment[], ended = false) {
  const first = window[0];
  const target = Math.max(1, ...index.segments.map((s) => Math.ceil(s.dur)));
  // the discontinuities of segments that left the window, so a player keeps its timelines apart
  const discBefore = first ? index.segments.filter((s) => s.disc && s.n < first.n).length : 0;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${first?.n ?? 0}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${discBefore}`,
  ];
  for (const s of window) {
    if (s.disc) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${s.dur.toFixed(3)},`, `${s.n}.ts`);
  }
  if (ended) lines.push('#EXT-X-ENDLIST');
  lines.push('');
  return lines.join('\n');
}

/** The segments of a live playlist, in order, with their lengths, and those after a discontinuity marked. */
export function liveSegments(playlist: string) {
  const out: { file: string; dur: number; disc?: true }[] = [];
  const lines = playlist.split('\n').map((l) => l.trim());
  let disc = false;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === '#EXT-X-DISCONTINUITY') disc = true;
    const m = /^#EXTINF:([\d.]+)/.exec(lines[i]!);
    const file = lines[i + 1];
    if (m && file && /^\d{1,12}\.ts$/.test(file)) {
      out.push(disc ? { file, dur: Number(m[1]), disc } : { file, dur: Number(m[1]) });
      disc = false;
    }
  }
  return out;
}

/**
 * Where a moment of the live (epoch ms) falls in the recording, in seconds from its start; a moment
 * between two publishes is placed at the start of the next; one outside the recording is null.
 */
export function recordingTime(index: RecordIndex, at: number) {
  let before = 0;
  for (const s of index.segments) {
    const end = s.start + s.dur * 1000;
    if (at < s.start) return before > 0 ? before : null;
    if (at < end) return before + (at - s.start) / 1000;
    before += s.dur;
  }
  return null;
}

interface Active {
  timer: NodeJS.Timeout;
  /** nginx's folder of the live, watched: a sweep each time nginx rewrites its playlist */
  watcher?: fs.FSWatcher;
  /** live files copied in this publish */
  seen: Set<string>;
  /** nginx's file names of this publish → the recording's segments they were stored as */
  stored: Map<string, RecordSegment>;
  index: RecordIndex;
  /** record.json is behind the segments stored */
  indexDirty: boolean;
  /** the segment numbers of the live playlist last written to the storage */
  published: string;
  /** epoch ms the publish began; files older than it belong to an earlier publish */
  since: number;
  /** where the next segment of this publish starts (epoch ms) */
  nextStart: number;
  first: boolean;
  /** a sweep is waiting its turn: more events need no more sweeps */
  queued: boolean;
  busy: Promise<void>;
}

/** What the live window holds when nginx's playlist cannot be followed any more (the live ended). */
const ENDED_WINDOW = 4;

export class LiveRecorder {
  private active = new Map<number, Active>();
  private stopping = new Map<number, Promise<RecordIndex>>();
  constructor(
    private storage: Storage,
    private hlsDir: string,
    private log: FastifyBaseLogger,
  ) {}

  isRecording(id: number) {
    return this.active.has(id);
  }

  /**
   * A publish began: copy its segments as they appear, after those an earlier publish kept, and publish
   * its live playlist. The closed live playlist of an earlier publish is taken down first, so a player
   * waits for this publish's first segment rather than stopping at the old end.
   */
  async start(id: number, since = Date.now()) {
    if (this.active.has(id)) return;
    const index = await readRecordIndex(this.storage, id);
    if (this.active.has(id)) return;
    const a: Active = {
      timer: setInterval(() => this.tick(id), POLL_MS),
      seen: new Set(),
      stored: new Map(),
      index,
      indexDirty: false,
      published: '',
      since,
      nextStart: since,
      first: true,
      queued: false,
      busy: Promise.resolve(),
    };
    a.timer.unref();
    this.active.set(id, a);
    a.busy = this.storage
      .delete(recordKey(id, LIVE_PLAYLIST))
      .catch((err) => this.log.warn({ err }, `live ${id}: taking down the last live playlist failed`));
    // nginx makes the folder at publish; made here first, it can be watched before the first segment
    const dir = path.join(this.hlsDir, String(id));
    try {
      fs.mkdirSync(dir, { recursive: true });
      a.watcher = fs.watch(dir, (_event, file) => {
        // nginx writes index.m3u8.bak and renames it over index.m3u8 once a segment is closed
        if (file === 'index.m3u8') this.tick(id);
      });
      a.watcher.on('error', () => a.watcher?.close());
      a.watcher.unref();
    } catch (err) {
      this.log.warn({ err }, `live ${id}: cannot watch ${dir}; following it every ${POLL_MS} ms`);
    }
  }

  private tick(id: number) {
    const a = this.active.get(id);
    if (!a || a.queued) return;
    a.queued = true;
    a.busy = a.busy
      .then(() => {
        a.queued = false;
        return this.sweep(id, a);
      })
      .catch((err) => this.log.warn({ err }, `live ${id}: recording a segment failed`));
  }

  /**
   * Copies the segments nginx's playlist names that are not stored yet, in order, then writes the live
   * playlist naming only stored segments (a viewer on any instance never meets a segment that is not
   * there), then record.json. A failed copy stops the sweep; the next one starts again from that segment.
   */
  private async sweep(id: number, a: Active) {
    const dir = path.join(this.hlsDir, String(id));
    const playlist = await fs.promises.readFile(path.join(dir, 'index.m3u8'), 'utf8').catch(() => '');
    const named = liveSegments(playlist);
    for (const { file, dur, disc } of named) {
      if (a.seen.has(file)) continue;
      const full = path.join(dir, file);
      const stat = await fs.promises.stat(full).catch(() => null);
      // a file of an earlier publish left in the folder (nginx numbers each publish from 0)
      if (!stat || stat.mtimeMs < a.since - 1000) {
        a.seen.add(file);
        continue;
      }
      const body = await fs.promises.readFile(full).catch(() => null);
      if (!body) continue;
      const n = a.index.segments.length ? a.index.segments[a.index.segments.length - 1]!.n + 1 : 0;
      await this.storage.put(recordKey(id, `${n}.ts`), body, 'video/mp2t', body.length);
      a.seen.add(file);
      const seg: RecordSegment = { n, dur, start: a.nextStart };
      // a republish; or nginx's own break within this publish (its relay to HLS restarted): the
      // timestamps start again, and players must be told. nginx marks the first segment it writes too.
      if (a.index.segments.length && (a.first || (disc && a.stored.size > 0))) seg.disc = 1;
      a.first = false;
      a.nextStart += dur * 1000;
      a.index.segments.push(seg);
      a.stored.set(file, seg);
      a.indexDirty = true;
    }
    // the window nginx keeps, as far as it is stored (segments are stored in order: a run); before the
    // recording's list, which no viewer waits for
    const window = named.flatMap(({ file }) => a.stored.get(file) ?? []);
    await this.publish(id, a, window, false);
    if (a.indexDirty) {
      await this.storage.put(recordKey(id, 'record.json'), Buffer.from(JSON.stringify(a.index)), 'application/json');
      a.indexDirty = false;
    }
  }

  /** Writes the live playlist when its window changed (or it closes). */
  private async publish(id: number, a: Active, window: RecordSegment[], ended: boolean) {
    const names = `${window.map((s) => s.n).join(',')}${ended ? ';end' : ''}`;
    if (!window.length || names === a.published) return;
    await this.storage.put(
      recordKey(id, LIVE_PLAYLIST),
      Buffer.from(livePlaylist(a.index, window, ended)),
      'application/vnd.apple.mpegurl',
    );
    a.published = names;
  }

  /**
   * The publish ended (or the teacher ended the live): the last segments are copied, the live playlist
   * closed and the recording's playlist written. Answers the recording's segments and seconds; when
   * nothing was recording here, what the storage holds.
   */
  stop(id: number): Promise<RecordIndex> {
    // endLive and nginx's publish_done both end a live, moments apart: the second waits for the first
    const running = this.stopping.get(id);
    if (running) return running;
    const done = this.finish(id).finally(() => this.stopping.delete(id));
    this.stopping.set(id, done);
    return done;
  }

  private async finish(id: number) {
    const a = this.active.get(id);
    if (!a) {
      // recorded by an instance that stopped before the end: its list becomes the playlist here
      const kept = await readRecordIndex(this.storage, id);
      if (kept.segments.length) {
        await this.storage.put(recordKey(id, 'index.m3u8'), Buffer.from(vodPlaylist(kept)), 'application/vnd.apple.mpegurl');
        if (await this.storage.exists(recordKey(id, LIVE_PLAYLIST))) {
          const window = kept.segments.slice(-ENDED_WINDOW);
          await this.storage.put(
            recordKey(id, LIVE_PLAYLIST),
            Buffer.from(livePlaylist(kept, window, true)),
            'application/vnd.apple.mpegurl',
          );
        }
      }
      return kept;
    }
    this.active.delete(id);
    clearInterval(a.timer);
    a.watcher?.close();
    await a.busy.catch(() => {});
    // nginx closes the last fragment as the publisher goes: give it a moment to reach the playlist
    await new Promise((r) => setTimeout(r, 300));
    await this.sweep(id, a).catch((err) => this.log.warn({ err }, `live ${id}: recording the last segment failed`));
    if (a.index.segments.length) {
      await this.storage.put(recordKey(id, 'record.json'), Buffer.from(JSON.stringify(a.index)), 'application/json');
      await this.storage.put(recordKey(id, 'index.m3u8'), Buffer.from(vodPlaylist(a.index)), 'application/vnd.apple.mpegurl');
      // the live playlist ends where the live did: its last window, closed
      const window = a.published ? a.index.segments.slice(-ENDED_WINDOW) : [];
      await this.publish(id, a, window, true).catch((err) => this.log.warn({ err }, `live ${id}: closing the live playlist failed`));
    }
    return a.index;
  }

  async stopAll() {
    await Promise.all([...this.active.keys()].map((id) => this.stop(id)));
  }
}
