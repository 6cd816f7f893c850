import { type ChildProcess, spawn } from 'node:child_process';
import {
  LIVE_PUSH_CHUNK_MAX,
  LIVE_PUSH_CLOSE,
  LIVE_PUSH_RATE_BYTES,
  LIVE_PUSH_RATE_WINDOW_MS,
  LIVE_PUSH_SOCKET_PATH,
} from '@paiclass/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { contents } from '../../db/schema';
import { verifyStreamKey } from './live.policy';
import { LIVE_FRAGMENT_SECONDS, mediaTools } from './media-server';

/**
 * The teacher goes live from the browser (issue 26, decision 036): the page captures the camera and
 * microphone (getUserMedia) or the screen (getDisplayMedia), MediaRecorder cuts it into WebM chunks, and
 * they come here over a WebSocket. The first message is `{"key": <a stream key from getLivePushUrl>}`,
 * which only the live's teachers and assistants are given; then binary chunks only. Each socket feeds one
 * ffmpeg, which transcodes to H.264/AAC and pushes RTMP to the local nginx-rtmp under that key: the same
 * `on_publish` check, the same HLS and recording as OBS. Limits: a chunk at most LIVE_PUSH_CHUNK_MAX
 * (the socket's own limit), LIVE_PUSH_RATE_BYTES per LIVE_PUSH_RATE_WINDOW_MS, one browser push per live,
 * 10 s to send the key. The socket closing (the teacher stops, the page goes, the network drops) ends
 * ffmpeg's input, so the publish ends cleanly and nginx says so (`on_publish_done`); the teacher's
 * endLive closes the socket.
 */

const KEY_TIMEOUT_MS = 10_000;
/** what ffmpeg may have unread before the push is judged stuck */
const BACKLOG_MAX = 8 * 1024 * 1024;

export interface BrowserPush {
  stop(code: number, reason: string): void;
}

/** The browser pushes of this instance, by live id. */
export class BrowserPushes {
  readonly byLive = new Map<number, BrowserPush>();
  /** ends the browser push of a live, if there is one here */
  end(id: number, reason = 'the live ended') {
    this.byLive.get(id)?.stop(LIVE_PUSH_CLOSE.ended, reason);
  }
  endAll() {
    for (const p of this.byLive.values()) p.stop(1001, 'server closing');
  }
}

/** The ffmpeg of one browser push: WebM in on stdin, RTMP out to the local nginx. */
export function pushProcess(ffmpeg: string, rtmpUrl: string): ChildProcess {
  return spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
      ...['-fflags', '+genpts', '-thread_queue_size', '512', '-f', 'webm', '-i', 'pipe:0'],
      // H.264 with a key frame every LIVE_FRAGMENT_SECONDS, where nginx-rtmp cuts its segments; the browser's frame rate kept
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
      ...['-force_key_frames', `expr:gte(t,n_forced*${LIVE_FRAGMENT_SECONDS})`, '-b:v', '1500k', '-maxrate', '2000k', '-bufsize', '3000k'],
      ...['-c:a', 'aac', '-b:a', '96k', '-ar', '44100', '-ac', '2'],
      ...['-f', 'flv', rtmpUrl],
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
}

export async function browserPushGateway(app: FastifyInstance) {
  const ctx = app.ctx;
  app.addHook('onClose', async () => ctx.lives.pushes.endAll());

  app.get(LIVE_PUSH_SOCKET_PATH, { websocket: true, config: { auth: 'none', api: false } }, (socket: WebSocket) => {
    let liveId = 0;
    let child: ChildProcess | null = null;
    let closed = false;
    let windowStart = Date.now();
    let windowBytes = 0;
    let keyed: Promise<void> | null = null;
    const keyTimer = setTimeout(() => close(LIVE_PUSH_CLOSE.refused, 'no key'), KEY_TIMEOUT_MS);

    const close = (code: number, reason: string) => {
      if (!closed) {
        closed = true;
        clearTimeout(keyTimer);
        if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
      }
      finish();
    };
    // the input ends: ffmpeg flushes what it has and ends the RTMP publish; killed if it lingers
    const finish = () => {
      if (liveId && ctx.lives.pushes.byLive.get(liveId) === me) ctx.lives.pushes.byLive.delete(liveId);
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      c.stdin?.end();
      const timer = setTimeout(() => c.kill('SIGKILL'), 5000);
      timer.unref();
      c.once('exit', () => clearTimeout(timer));
    };
    const me: BrowserPush = { stop: (code, reason) => close(code, reason) };

    const begin = async (text: string) => {
      let key = '';
      try {
        key = String((JSON.parse(text) as { key?: unknown }).key ?? '');
      } catch {}
      const id = verifyStreamKey(ctx.secret, key);
      if (!id) return close(LIVE_PUSH_CLOSE.refused, 'bad key');
      const [item] = await ctx.db
        .select({ id: contents.id })
        .from(contents)
        .where(and(eq(contents.id, id), inArray(contents.contenttype, [20, 21]), isNull(contents.deletedAt)));
      if (!item) return close(LIVE_PUSH_CLOSE.refused, 'no such live');
      const ffmpeg = mediaTools().ffmpeg;
      if (!ctx.media.running || !ffmpeg) return close(LIVE_PUSH_CLOSE.noIngest, 'no media server');
      if (closed) return;
      if (ctx.lives.pushes.byLive.has(id)) return close(LIVE_PUSH_CLOSE.busy, 'already pushing');
      liveId = id;
      ctx.lives.pushes.byLive.set(id, me);
      clearTimeout(keyTimer);
      const c = pushProcess(ffmpeg, `rtmp://127.0.0.1:${ctx.media.rtmpPort}/live/${key}`);
      child = c;
      let said = '';
      c.stderr?.on('data', (d) => {
        said = (said + String(d)).slice(-1000);
      });
      c.stdin?.on('error', () => {});
      c.once('exit', (code) => {
        // ffmpeg gone while the teacher still sends: nginx refused the key, or the media was not WebM
        if (!closed) {
          app.log.warn(`live ${id}: the browser push's ffmpeg exited (${code}): ${said.trim().slice(0, 300)}`);
          close(LIVE_PUSH_CLOSE.noIngest, 'encoder stopped');
        }
      });
      socket.send(JSON.stringify({ ok: 1, id }));
    };

    socket.on('message', (raw: RawData, binary: boolean) => {
      if (closed) return;
      const data = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw as ArrayBuffer);
      if (!keyed) {
        if (binary || data.length > 1000) return close(LIVE_PUSH_CLOSE.refused, 'key first');
        keyed = begin(String(data)).catch((err) => {
          app.log.error({ err }, 'browser push failed to start');
          close(1011, 'failed');
        });
        return;
      }
      if (!binary) return;
      const now = Date.now();
      if (now - windowStart > LIVE_PUSH_RATE_WINDOW_MS) {
        windowStart = now;
        windowBytes = 0;
      }
      windowBytes += data.length;
      if (data.length > LIVE_PUSH_CHUNK_MAX || windowBytes > LIVE_PUSH_RATE_BYTES)
        return close(LIVE_PUSH_CLOSE.tooMuch, 'too much');
      // chunks that come before ffmpeg has started wait for it, in order
      void keyed.then(() => {
        const c = child;
        if (closed || !c?.stdin || c.stdin.destroyed) return;
        if (c.stdin.writableLength > BACKLOG_MAX) return close(LIVE_PUSH_CLOSE.tooMuch, 'encoder behind');
        c.stdin.write(data);
      });
    });
    socket.on('close', () => {
      closed = true;
      clearTimeout(keyTimer);
      finish();
    });
    socket.on('error', () => close(1011, 'error'));
  });
}
