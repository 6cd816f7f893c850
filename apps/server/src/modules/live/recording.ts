import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { readObject, type Storage } from '../../platform/storage';

/**
 * Every live is recorded (issue 26, decision 036): while a live is on the air, the HLS segments nginx-rtmp
 * writes under `<hlsDir>/<id>/` are copied, as they appear, into the project's storage (local folder or
 * S3) as `live/<id>/<n>.ts`, numbered by PaiClass (a republish after a drop continues the numbering,
 * marked as a discontinuity), with `live/<id>/record.json` listing each segment's length and the time
 * its first frame was pushed. When the live ends the list becomes a video-on-demand playlist,
 * `live/<id>/index.m3u8`, which any instance serves from the storage (the live files themselves are
 * local to the instance running nginx). The recorder runs on that instance, started and stopped by
 * nginx-rtmp's callbacks (and the teacher's endLive).
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

/** The segments of a live playlist, in order, with their lengths. */
export function liveSegments(playlist: string) {
  const out: { file: string; dur: number }[] = [];
  const lines = playlist.split('\n').map((l) => l.trim());
  for (let i = 0; i < lines.length; i++) {
    const m = /^#EXTINF:([\d.]+)/.exec(lines[i]!);
    const file = lines[i + 1];
    if (m && file && /^\d{1,12}\.ts$/.test(file)) out.push({ file, dur: Number(m[1]) });
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
  /** live files copied in this publish */
  seen: Set<string>;
  index: RecordIndex;
  /** epoch ms the publish began; files older than it belong to an earlier publish */
  since: number;
  /** where the next segment of this publish starts (epoch ms) */
  nextStart: number;
  first: boolean;
  busy: Promise<void>;
}

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

  /** A publish began: copy its segments as they appear, after those an earlier publish kept. */
  async start(id: number, since = Date.now()) {
    if (this.active.has(id)) return;
    const index = await readRecordIndex(this.storage, id);
    const a: Active = {
      timer: setInterval(() => this.tick(id), POLL_MS),
      seen: new Set(),
      index,
      since,
      nextStart: since,
      first: true,
      busy: Promise.resolve(),
    };
    a.timer.unref();
    this.active.set(id, a);
  }

  private tick(id: number) {
    const a = this.active.get(id);
    if (!a) return;
    a.busy = a.busy
      .then(() => this.sweep(id, a))
      .catch((err) => this.log.warn({ err }, `live ${id}: recording a segment failed`));
  }

  private async sweep(id: number, a: Active) {
    const dir = path.join(this.hlsDir, String(id));
    const playlist = await fs.promises.readFile(path.join(dir, 'index.m3u8'), 'utf8').catch(() => '');
    let wrote = false;
    for (const { file, dur } of liveSegments(playlist)) {
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
      if (a.first && a.index.segments.length) seg.disc = 1;
      a.first = false;
      a.nextStart += dur * 1000;
      a.index.segments.push(seg);
      wrote = true;
    }
    if (wrote) await this.storage.put(recordKey(id, 'record.json'), Buffer.from(JSON.stringify(a.index)), 'application/json');
  }

  /**
   * The publish ended (or the teacher ended the live): the last segments are copied, and the recording's
   * playlist written. Answers the recording's segments and seconds; when nothing was recording here, what
   * the storage holds.
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
      }
      return kept;
    }
    this.active.delete(id);
    clearInterval(a.timer);
    await a.busy.catch(() => {});
    // nginx closes the last fragment as the publisher goes: give it a moment to reach the playlist
    await new Promise((r) => setTimeout(r, 300));
    await this.sweep(id, a).catch((err) => this.log.warn({ err }, `live ${id}: recording the last segment failed`));
    if (a.index.segments.length) {
      await this.storage.put(recordKey(id, 'record.json'), Buffer.from(JSON.stringify(a.index)), 'application/json');
      await this.storage.put(recordKey(id, 'index.m3u8'), Buffer.from(vodPlaylist(a.index)), 'application/vnd.apple.mpegurl');
    }
    return a.index;
  }

  async stopAll() {
    await Promise.all([...this.active.keys()].map((id) => this.stop(id)));
  }
}
