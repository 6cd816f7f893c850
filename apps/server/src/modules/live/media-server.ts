import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { portOpen, stopLeftOver } from '../../platform/helper-process';

/**
 * The media server of the lives (issue 26, decisions 031 and 0NN): Debian's nginx with
 * `libnginx-mod-rtmp`, configured and started by PaiClass itself. OBS (or the browser path's ffmpeg)
 * pushes RTMP to `live/<signed key>`; `on_publish` asks PaiClass, which answers a redirect to the live's
 * id, so the stream is relayed to the loopback-only `hls` application under the id and its HLS files
 * (`<hlsDir>/<id>/index.m3u8`) never carry the key.
 */

/** The Debian packages a live needs, and where each leaves the file PaiClass looks for. */
const NEEDS = [
  { pkg: 'nginx', find: () => onPath('nginx') },
  {
    pkg: 'libnginx-mod-rtmp',
    find: () =>
      ['/usr/lib/nginx/modules/ngx_rtmp_module.so', '/usr/share/nginx/modules/ngx_rtmp_module.so'].find((p) =>
        fs.existsSync(p),
      ) ?? null,
  },
  { pkg: 'ffmpeg', find: () => onPath('ffmpeg') },
] as const;

function onPath(command: string) {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const file = path.join(dir, command);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {}
  }
  return null;
}

export interface MediaTools {
  nginx: string | null;
  rtmpModule: string | null;
  ffmpeg: string | null;
  /** the Debian packages to install, empty when all are there */
  missing: string[];
}

/** Which of nginx, its RTMP module and ffmpeg this machine has. */
export function mediaTools(): MediaTools {
  const [nginx, rtmpModule, ffmpeg] = NEEDS.map((n) => n.find());
  return {
    nginx: nginx ?? null,
    rtmpModule: rtmpModule ?? null,
    ffmpeg: ffmpeg ?? null,
    missing: NEEDS.filter((_, i) => ![nginx, rtmpModule, ffmpeg][i]).map((n) => n.pkg),
  };
}

/** What the live page is told about ingest: running, or why not (the packages to install, or the error). */
export interface MediaStatus {
  running: boolean;
  missing: string[];
  /** why nginx is not running although installed (off by LIVE_INGEST, or the error it gave) */
  problem: string;
  /** the RTMP port nginx listens on */
  rtmpPort: number;
}

export interface MediaServerOptions {
  /** where nginx's configuration, pid and logs go */
  workDir: string;
  /** where the HLS files go (`<hlsDir>/<live id>/index.m3u8`) */
  hlsDir: string;
  listen: string;
  rtmpPort: number;
  /** PaiClass's own address as nginx reaches it, e.g. http://127.0.0.1:3000 */
  callbackBase: string;
  /** the hook token of the callbacks (`hookToken(secret)`) */
  hook: string;
  /** seconds of one HLS segment: shorter is less delay, more requests */
  fragmentSeconds?: number;
}

/**
 * Seconds of one HLS segment. nginx-rtmp cuts at the first key frame after it, so an encoder that sends a key
 * frame each second (the browser push does; OBS's "Keyframe Interval" 1) gets 1 s segments, and a player
 * two segments behind the edge shows the picture about 4 to 5 s after it was made (`npm run bench:live`).
 */
export const LIVE_FRAGMENT_SECONDS = 1;
/** segments the live playlist keeps: enough for hls.js to start three behind the edge and ride out a stall */
export const LIVE_PLAYLIST_SEGMENTS = 6;

/** The nginx configuration: one RTMP server, no HTTP (PaiClass serves the HLS files itself). */
export function mediaServerConfig(o: MediaServerOptions, rtmpModule: string) {
  const frag = o.fragmentSeconds ?? LIVE_FRAGMENT_SECONDS;
  const q = `hook=${encodeURIComponent(o.hook)}`;
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `# written by PaiClass (apps/server/src/modules/live/media-server.ts); changes are overwritten
load_module ${rtmpModule};
daemon off;
master_process on;
worker_processes 1;
${user}pid ${path.join(o.workDir, 'nginx.pid')};
error_log ${path.join(o.workDir, 'error.log')} warn;
events { worker_connections 1024; }
rtmp {
  server {
    listen ${o.listen}:${o.rtmpPort};
    chunk_size 4096;
    # what encoders push to: rtmp://host:${o.rtmpPort}/live/<signed key>
    application live {
      live on;
      record off;
      deny play all;
      on_publish ${o.callbackBase}/Live/LiveApi/onPublish?${q};
      on_publish_done ${o.callbackBase}/Live/LiveApi/onPublishDone?${q};
      # asked every 10 s while an encoder publishes: a refusal (the teacher ended the live) drops it
      on_update ${o.callbackBase}/Live/LiveApi/onPublishUpdate?${q};
      notify_update_timeout 10s;
      notify_method post;
      # on_publish renamed the stream to the live's id: the relay carries that name
      push rtmp://127.0.0.1:${o.rtmpPort}/hls;
    }
    # the relay from "live" only, repackaged to HLS under the live's id
    application hls {
      live on;
      record off;
      allow publish 127.0.0.1;
      deny publish all;
      deny play all;
      hls on;
      hls_path ${o.hlsDir};
      hls_nested on;
      hls_fragment ${frag}s;
      hls_playlist_length ${frag * LIVE_PLAYLIST_SEGMENTS}s;
      hls_cleanup on;
    }
  }
}
`;
}

export interface MediaServer {
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * PaiClass's nginx of another data folder whose PaiClass was killed hard: a master process run with a
 * `…/live/nginx/nginx.conf` of ours and left to the init process (its parent gone), which would hold the
 * port for ever. Stopped (Linux; elsewhere nothing is found). A clean-clone test run met one, left by a
 * run stopped with kill -9, and could not start its own.
 */
function stopOrphans() {
  let stopped = false;
  let pids: string[] = [];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return false;
  }
  for (const pid of pids) {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.startsWith('nginx: master process') || !/\/live\/nginx\/nginx\.conf\b/.test(cmdline)) continue;
      const parent = /^PPid:\s*(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (parent !== '1') continue;
      process.kill(Number(pid), 'SIGTERM');
      stopped = true;
    } catch {}
  }
  return stopped;
}

/**
 * Writes the configuration and starts nginx in the foreground as a child of this process; resolves
 * once it listens, rejects with nginx's own words when it cannot start (a port taken, a bad module).
 */
export async function startMediaServer(o: MediaServerOptions, tools = mediaTools()): Promise<MediaServer> {
  if (!tools.nginx || !tools.rtmpModule) throw new Error(`missing: ${tools.missing.join(', ')}`);
  fs.mkdirSync(o.workDir, { recursive: true });
  fs.mkdirSync(o.hlsDir, { recursive: true });
  const conf = path.join(o.workDir, 'nginx.conf');
  fs.writeFileSync(conf, mediaServerConfig(o, tools.rtmpModule));
  const leftOver = stopLeftOver(path.join(o.workDir, 'nginx.pid'), (cmdline) => cmdline.startsWith('nginx'));
  if (leftOver || ((await portOpen(o.listen, o.rtmpPort)) && stopOrphans())) {
    for (let i = 0; i < 40 && (await portOpen(o.listen, o.rtmpPort)); i++) await new Promise((r) => setTimeout(r, 50));
  }
  if (await portOpen(o.listen, o.rtmpPort)) throw new Error(`port ${o.rtmpPort} is already taken`);
  const child = spawn(tools.nginx, ['-p', o.workDir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr?.on('data', (d) => {
    said = (said + String(d)).slice(-2000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await portOpen(o.listen, o.rtmpPort))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(said.trim() || `nginx did not listen on ${o.listen}:${o.rtmpPort}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // QUIT lets the worker finish its publish_done callbacks; KILL after a while
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The RTMP address encoders push to, when LIVE_RTMP_URL does not say. */
export const defaultRtmpUrl = (host: string, port: number) => `rtmp://${host.replace(/:\d+$/, '')}:${port}/live`;
