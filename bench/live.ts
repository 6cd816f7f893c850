// Lives at scale (issue 26): the real server as its own process, running its own nginx-rtmp (LIVE_INGEST),
// and a live of a new course of the demo teacher on the air, pushed by ffmpeg as OBS would (a generated
// picture paced in real time, libx264 ultrafast zerolatency, a key frame every second, AAC, FLV to the
// address getLivePushUrl gives). Two measurements:
// - viewers: LIVE_VIEWERS (1,000) autocannon connections for LIVE_SECONDS (60) each fetching the live's
//   playlist then one of its three newest segments, in a loop, over HTTP against PaiClass; then the same
//   load against a plain nginx (Debian's /usr/sbin/nginx, one process, a configuration of its own)
//   serving the very same files (the live's folder in PaiClass's storage, decision 048). Requests/s, p50/p99, errors, non-2xx and the ratios PaiClass/nginx.
//   The loop asks as fast as it is answered: a real viewer asks for a playlist and a segment once per
//   segment (2 s), so the figure to compare capacity with is `viewersNeedReqPerSec`.
// - glass to glass: ffmpeg burns the wall clock of each frame into the picture as a bar code (24 blocks
//   12 px wide at the top, block i white when bit i of the Unix time in ms is 1; no OCR); a headless
//   Debian Chromium plays the live with hls.js's light build and the options of the app's player
//   (apps/web/src/features/live/components/HlsPlayer.tsx), and every 250 ms for LIVE_PLAY_SECONDS (20)
//   draws the frame on show to a canvas and decodes it: the latency is the page's clock minus the
//   frame's. Beside it the ingest half alone: when each segment appeared in the playlist, after its
//   last frame left ffmpeg. A clock burnt in rather than the stream time counted from ffmpeg's spawn:
//   ffmpeg took 1.6 s from its spawn to its first frame in a trial on a busy machine, which would have
//   counted as latency. `stream` adds the HLS discontinuities nginx-rtmp wrote and the on_update calls
//   PaiClass answered and refused (from its request log), which show as stalls of the picture.
// `ulimit -n` must be at least LIVE_VIEWERS + 256: the script stops at once, saying so, when it is not.
// Prints one JSON result; progress on stderr.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { freePort, until } from '../apps/server/test/waiting';
import { LIVE_FRAGMENT_SECONDS, LIVE_PLAYLIST_SEGMENTS } from '../apps/server/src/modules/live/media-server';
import { academicYears } from '../packages/shared/src';
import { call, DEMO, login, percentile, round, sleep } from './fixtures';
import { basePort, CHROMIUM, CHROMIUM_FLAGS, log, onStop, root, runBench, startServer } from './server';

const VIEWERS = Number(process.env.LIVE_VIEWERS ?? 1000);
const SECONDS = Number(process.env.LIVE_SECONDS ?? 60);
const PLAY_SECONDS = Number(process.env.LIVE_PLAY_SECONDS ?? 20);
/** the frame rate of the pushed picture; a key frame each second (`-g`) */
const FPS = 25;
/** the bar code: BITS blocks of BLOCK px side by side, BAR_HEIGHT px high, at the top left of the picture */
const BITS = 24;
const BLOCK = 12;
const BAR_HEIGHT = 24;
const NGINX = '/usr/sbin/nginx';
const FFMPEG = '/usr/bin/ffmpeg';

/** Stops a child with SIGTERM (SIGKILL after 5 s) and waits for it; nothing when it is gone already. */
async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Kills a child at once when this script dies another way than through runBench's clean-up. */
function tracked(child: ChildProcess) {
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.on('exit', kill);
  onStop(() => stopProcess(child));
  return child;
}

/**
 * The picture: ffmpeg's test pattern with a bar code over its top left corner, and a tone, from one
 * lavfi graph paced in real time (`-re`). The bar carries the wall clock (the low 24 bits of the Unix
 * time in ms, RTCTIME) at the moment the frame is made: ffmpeg 5.1's `-re` makes a frame only when its
 * time has come, so that is when it leaves, within a frame (40 ms). geq draws block i white when bit i
 * is 1; the bar's timestamps are then made regular again for the overlay.
 */
function pushArgs(url: string) {
  const bit = `255*mod(floor(floor(T*1000)/pow(2,floor(X/${BLOCK}))),2)`;
  const graph = [
    `testsrc=size=320x240:rate=${FPS}[pattern]`,
    `color=c=black:size=${BITS * BLOCK}x${BAR_HEIGHT}:rate=${FPS},settb=1/1000,setpts=RTCTIME/1000,format=gray,geq=lum='${bit}',setpts=N*${1000 / FPS}[bar]`,
    '[pattern][bar]overlay=0:0[out0]',
    'sine=frequency=440[out1]',
  ].join(';');
  return [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', graph],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', String(FPS), '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-f', 'flv', url],
  ];
}

/** The low 24 bits of a bar code's ms, from the luma of the blocks' centres along its middle row. */
function decodeBar(row: Uint8Array | number[]) {
  let ms = 0;
  let clear = true;
  for (let i = 0; i < BITS; i++) {
    const luma = row[i * BLOCK + BLOCK / 2]!;
    // neither near black nor near white: a frame half decoded, or not ours
    if (luma > 64 && luma < 192) clear = false;
    if (luma >= 128) ms += 2 ** i;
  }
  return { ms, clear };
}

/** How long ago (ms) a clock read from a bar code was, at `at`: the bar holds its low 24 bits (4.6 hours' worth). */
const agoMs = (at: number, ms: number) => (((at - ms) % 2 ** BITS) + 2 ** BITS) % 2 ** BITS;

/** The clock burnt into the last frame of a segment file (its bar code's middle row, decoded by ffmpeg). */
function lastFrameClock(file: string) {
  return new Promise<number | undefined>((resolve) => {
    const width = BITS * BLOCK;
    const child = spawn(
      FFMPEG,
      ['-v', 'error', '-i', file, '-an', '-vf', `format=gray,crop=${width}:1:0:${BAR_HEIGHT / 2}`, '-f', 'rawvideo', 'pipe:1'],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.once('error', () => resolve(undefined));
    child.once('exit', () => {
      const all = Buffer.concat(chunks);
      if (all.length < width) return resolve(undefined);
      const bar = decodeBar(all.subarray(all.length - width));
      resolve(bar.clear ? bar.ms : undefined);
    });
  });
}

type Segment = { name: string; seenAt: number; lastFrameMs?: number };

/**
 * Follows the live's playlist file every 100 ms (the file PaiClass and nginx serve, in the storage): the segments in
 * order, when each appeared, the clock of its last frame, and the discontinuities nginx-rtmp wrote.
 */
function followPlaylist(file: string) {
  const segments: Segment[] = [];
  const seen = new Set<string>();
  const reads: Promise<void>[] = [];
  let discontinuities = 0;
  const timer = setInterval(() => {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return; // not written yet
    }
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const name = lines[i]!.trim();
      if (!name.endsWith('.ts') || seen.has(name)) continue;
      seen.add(name);
      if (lines[i - 2]?.trim() === '#EXT-X-DISCONTINUITY' && segments.length) discontinuities++;
      const segment: Segment = { name, seenAt: Date.now() };
      segments.push(segment);
      reads.push(
        lastFrameClock(path.join(path.dirname(file), name)).then((ms) => {
          segment.lastFrameMs = ms;
        }),
      );
    }
  }, 100);
  onStop(async () => clearInterval(timer));
  return {
    segments,
    discontinuities: () => discontinuities,
    stop: async () => {
      clearInterval(timer);
      await Promise.all(reads);
    },
  };
}

type Load = {
  target: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  mbPerSec: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statuses: Record<string, number>;
};

/** VIEWERS connections for SECONDS, each asking for the playlist then one of the three newest segments, in a loop. */
async function viewers(target: string, base: string, prefix: string, newest: () => string[]): Promise<Load> {
  const statuses: Record<string, number> = {};
  // a request that timed out is counted in `timeouts`, and answered here without a status
  const count = (status: number | undefined) => {
    if (status !== undefined) statuses[status] = (statuses[status] ?? 0) + 1;
  };
  let turn = 0;
  const result = await autocannon({
    url: base,
    connections: VIEWERS,
    duration: SECONDS,
    requests: [
      { method: 'GET', path: `${prefix}index.m3u8`, onResponse: count },
      {
        method: 'GET',
        // viewers are at different places behind the live edge: the three newest segments in turn
        setupRequest: (req) => {
          const names = newest();
          return { ...req, path: `${prefix}${names[turn++ % names.length]}` };
        },
        onResponse: count,
      },
    ],
  });
  const load: Load = {
    target,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    mbPerSec: round(result.throughput.average / 1e6),
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses,
  };
  log(
    `${target}: ${load.reqPerSec} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, ${load.errors} errors, ${load.non2xx} non-2xx`,
  );
  return load;
}

/**
 * A plain nginx serving the live's files as PaiClass stores them, in the foreground as one process (PaiClass is one Node process
 * too), with the sendfile of Debian's stock nginx.conf and keep-alive connections kept for the whole run
 * as Node's are. Resolves once it listens.
 */
async function startPlainNginx(hlsDir: string, port: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-live-nginx-'));
  const temp = (name: string) => path.join(dir, name);
  const conf = `daemon off;
master_process off;
${process.getuid?.() === 0 ? 'user root;\n' : ''}pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
worker_rlimit_nofile ${VIEWERS * 2 + 256};
events { worker_connections ${VIEWERS + 256}; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  types { application/vnd.apple.mpegurl m3u8; video/mp2t ts; }
  server {
    listen 127.0.0.1:${port};
    root ${hlsDir};
    # the live playlist as PaiClass names it in the storage
    rewrite ^/(\\d+)/index\\.m3u8$ /$1/live.m3u8 break;
  }
}
`;
  fs.writeFileSync(temp('nginx.conf'), conf);
  const child = spawn(NGINX, ['-p', dir, '-c', temp('nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr?.on('data', (d) => {
    said += String(d);
  });
  tracked(child);
  onStop(async () => fs.rmSync(dir, { recursive: true, force: true }));
  await until(
    `nginx on 127.0.0.1:${port}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${said.trim()}`);
      try {
        await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer();
        return true;
      } catch {
        return false;
      }
    },
    10_000,
  );
  return { child, version: spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr.trim() };
}

/** The page: hls.js's light build as the app loads it, with the app's live options, and the bar code's luma row read every 250 ms. */
const playerPage = (src: string) => `<!doctype html>
<html><body style="margin:0;background:#000">
<video id="v" muted playsinline autoplay width="320" height="240"></video>
<script src="/__bench/hls.light.min.js"></script>
<script>
  const video = document.getElementById('v');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  window.samples = [];
  window.errors = [];
  window.supported = Hls.isSupported();
  if (window.supported) {
    const hls = new Hls({ liveSyncDurationCount: 2 });
    window.hls = hls;
    hls.on(Hls.Events.ERROR, (_e, data) => {
      window.errors.push(data.type + ':' + data.details + (data.fatal ? ':fatal' : ''));
      if (data.fatal && data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
    });
    hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play().catch(() => {}));
    hls.loadSource(${JSON.stringify(src)});
    hls.attachMedia(video);
  }
  setInterval(() => {
    if (video.readyState < 2 || !video.videoWidth || video.paused) return;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    ctx.drawImage(video, 0, 0);
    const rgba = ctx.getImageData(0, ${BAR_HEIGHT / 2}, ${BITS * BLOCK}, 1).data;
    const row = [];
    for (let x = 0; x < ${BITS * BLOCK}; x++) row.push(Math.round(0.299 * rgba[x * 4] + 0.587 * rgba[x * 4 + 1] + 0.114 * rgba[x * 4 + 2]));
    window.samples.push({ at: Date.now(), row, hlsLatency: window.hls.latency });
  }, 250);
</script>
</body></html>`;

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50Ms: Math.round(percentile(sorted, 50)),
    p95Ms: Math.round(percentile(sorted, 95)),
    minMs: Math.round(sorted[0] ?? 0),
    maxMs: Math.round(sorted[sorted.length - 1] ?? 0),
  };
};

await runBench(async () => {
  const limit = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
  if (Number.isFinite(limit) && limit < VIEWERS + 256) {
    throw new Error(`ulimit -n is ${limit}: ${VIEWERS} viewers need at least ${VIEWERS + 256} (run \`ulimit -n 8192\` first)`);
  }
  for (const tool of [NGINX, FFMPEG, CHROMIUM]) if (!fs.existsSync(tool)) throw new Error(`${tool} is missing`);

  // bench/server.ts turns ingest off unless asked: this bench needs the server's own nginx-rtmp
  const rtmpPort = await freePort();
  process.env.LIVE_INGEST = 'true';
  process.env.LIVE_RTMP_PORT = String(rtmpPort);
  const server = await startServer(basePort);
  const teacher = await login(server.url, DEMO.teacher);
  const course = await call<{ id: number }>(
    server.url,
    '/CourseApi/createCourse',
    { coursename: '直播压测', classname: '2026 级', semester: academicYears()[1], term: 1, teachtype: 2, studytime: '32' },
    teacher,
  );
  const courseid = course.data.id;
  const live = await call<{ id: number }>(server.url, '/Live/LiveApi/addLive', { courseid, title: '直播压测' }, teacher);
  const ref = { courseid, id: live.data.id };
  const { pushUrl } = (await call<{ pushUrl: string }>(server.url, '/Live/LiveApi/getLivePushUrl', ref, teacher)).data;
  // the address names localhost, which may resolve to ::1 first; nginx-rtmp listens on 127.0.0.1 only
  const url = pushUrl.replace('rtmp://localhost:', 'rtmp://127.0.0.1:');

  const spawnedAt = Date.now();
  const ffmpeg = tracked(spawn(FFMPEG, pushArgs(url), { stdio: ['ignore', 'ignore', 'pipe'] }));
  let ffmpegSaid = '';
  ffmpeg.stderr?.on('data', (d) => {
    ffmpegSaid = (ffmpegSaid + String(d)).slice(-2000);
  });
  log(`ffmpeg pushing to rtmp://127.0.0.1:${rtmpPort}/live/… (live ${ref.id})`);
  // what PaiClass serves (decision 048): the live playlist and segments it publishes into its storage, the
  // local files folder here (bench/server.ts sets no S3), in its own numbers
  const liveDir = path.join(server.dataDir, 'files', 'live', String(ref.id));
  const followed = followPlaylist(path.join(liveDir, 'live.m3u8'));

  const onAir = await until('the live on the air', async () => {
    if (ffmpeg.exitCode !== null) throw new Error(`ffmpeg exited (${ffmpeg.exitCode}): ${ffmpegSaid.trim()}`);
    const info = (await call<{ liveState: number; playUrl: string }>(server.url, '/Live/LiveApi/getLiveInfo', ref, teacher)).data;
    return info.liveState === 1 && info.playUrl ? info : null;
  });
  await until('three segments in the playlist', async () => followed.segments.length >= 3, 60_000);
  const onAirAt = Date.now();
  log(`on the air after ${onAirAt - spawnedAt} ms: ${onAir.playUrl}`);
  const newest = () => followed.segments.slice(-3).map((s) => s.name);
  const prefix = onAir.playUrl.replace(/index\.m3u8$/, '');

  // the viewers, on PaiClass then on the plain nginx serving the same files
  const loadFrom = Date.now();
  const paiclass = await viewers('PaiClass', server.url, prefix, newest);
  const nginxPort = await freePort();
  const plain = await startPlainNginx(path.dirname(liveDir), nginxPort);
  const nginx = await viewers('nginx', `http://127.0.0.1:${nginxPort}`, `/${ref.id}/`, newest);
  await stopProcess(plain.child);
  const loadTo = Date.now();

  // glass to glass: a headless Chromium playing the live as the app's player does
  const hlsJs = fs.readFileSync(path.join(root, 'node_modules/hls.js/dist/hls.light.min.js'));
  const hlsVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/hls.js/package.json'), 'utf8')).version;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required'],
  });
  onStop(() => browser.close());
  const page = await browser.newPage();
  await page.route(`${server.url}/__bench/**`, (route) => {
    const file = new URL(route.request().url()).pathname;
    return file.endsWith('.js')
      ? route.fulfill({ body: hlsJs, contentType: 'text/javascript' })
      : route.fulfill({ body: playerPage(server.url + onAir.playUrl), contentType: 'text/html' });
  });
  await page.goto(`${server.url}/__bench/player`);
  const supported = await page.evaluate(() => (window as unknown as { supported: boolean }).supported);
  const h264 = await page.evaluate(() => MediaSource.isTypeSupported('video/mp4; codecs="avc1.42E01E"'));
  log(`Chromium: hls.js supported ${supported}, H.264 in MSE ${h264}; playing for ${PLAY_SECONDS} s`);
  await sleep(PLAY_SECONDS * 1000);
  type Sample = { at: number; row: number[]; hlsLatency: number };
  const { samples, errors } = await page.evaluate(() => {
    const w = window as unknown as { samples: Sample[]; errors: string[] };
    return { samples: w.samples, errors: w.errors };
  });
  await browser.close();
  await followed.stop();

  const readable = samples.flatMap((s) => {
    const bar = decodeBar(s.row);
    return bar.clear ? [{ ...s, ms: bar.ms }] : [];
  });
  const glass = readable.map((s) => agoMs(s.at, s.ms));
  // the ingest half: each segment's appearance after the clock on its last frame, but for those seen
  // during the viewers' load, when this process's own poll of the playlist waited behind autocannon
  const idle = followed.segments.filter((s) => s.seenAt < loadFrom || s.seenAt > loadTo + 200);
  const ingest = idle.flatMap((s) => (s.lastFrameMs === undefined ? [] : [agoMs(s.seenAt, s.lastFrameMs)]));
  // nginx-rtmp asks PaiClass on_update every 10 s for each publishing session: a refusal drops it
  const updates = fs.readFileSync(server.logFile, 'utf8').match(/"path":"\/Live\/LiveApi\/onPublishUpdate","status":\d+/g) ?? [];
  const refusedUpdates = updates.filter((u) => !u.endsWith(':200')).length;
  const hlsLatency = readable.map((s) => s.hlsLatency * 1000).filter((l) => Number.isFinite(l) && l > 0);

  const ratio = (a: number, b: number) => (b ? +(a / b).toFixed(3) : null);
  return {
    bench: 'live',
    server: server.command,
    driver: server.driver,
    node: process.version,
    loadAverage: os.loadavg().map((l) => round(l)),
    stream: `ffmpeg -re lavfi testsrc 320x240 ${FPS} fps with a ${BITS}-bit bar code, libx264 ultrafast zerolatency, -g ${FPS}, aac, flv`,
    hls: `nginx-rtmp, ${LIVE_FRAGMENT_SECONDS} s fragments, playlist of ${LIVE_PLAYLIST_SEGMENTS} (PaiClass's media-server.ts)`,
    viewers: {
      client: `autocannon, ${VIEWERS} connections for ${SECONDS} s each, playlist then one of the 3 newest segments in a loop, over 127.0.0.1`,
      viewersNeedReqPerSec: Math.round((VIEWERS * 2) / LIVE_FRAGMENT_SECONDS),
      paiclass,
      nginx: { ...nginx, version: plain.version, setup: 'one process (master_process off), sendfile, access_log off' },
      ratios: {
        reqPerSec: ratio(paiclass.reqPerSec, nginx.reqPerSec),
        p50: ratio(paiclass.p50Ms, nginx.p50Ms),
        p99: ratio(paiclass.p99Ms, nginx.p99Ms),
      },
    },
    glassToGlass: {
      player: `hls.js ${hlsVersion} light build, { liveSyncDurationCount: 2 } as HlsPlayer.tsx`,
      browser: `${CHROMIUM} headless`,
      hlsJsSupported: supported,
      h264InMediaSource: h264,
      playedSeconds: PLAY_SECONDS,
      framesRead: samples.length,
      unreadable: samples.length - readable.length,
      hlsErrors: errors.slice(0, 10),
      latency: stats(glass),
      hlsJsOwnEstimate: stats(hlsLatency),
      ingestOnly: {
        what: 'when a segment appeared in the playlist file (polled every 100 ms) after its last frame left ffmpeg, by the clock on that frame',
        segmentsSeen: followed.segments.length,
        leftOutUnderLoad: followed.segments.length - idle.length,
        ...stats(ingest),
      },
      clock:
        "the page's Date.now() when it read the frame on show minus the wall clock ffmpeg burnt into it (RTCTIME when made, within a frame of leaving): one clock, one machine",
      stream: {
        seconds: Math.round((Date.now() - spawnedAt) / 1000),
        segments: followed.segments.length,
        discontinuities: followed.discontinuities(),
        onUpdateCalls: updates.length,
        onUpdateRefused: refusedUpdates,
      },
    },
  };
});
