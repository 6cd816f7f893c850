import { spawn } from 'node:child_process';
import fs from 'node:fs';

/** ffmpeg pushing a generated picture and tone over RTMP, paced in real time, for `seconds`. */
export function pushStream(ffmpeg: string, url: string, seconds: number) {
  const child = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25'],
      ...['-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let said = '';
  child.stderr?.on('data', (d) => {
    said += String(d);
  });
  const exit = new Promise<{ code: number | null; said: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, said })),
  );
  return { child, exit };
}

/** The segment names of an HLS playlist, in order. */
export const segmentsOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.endsWith('.ts'));

/**
 * The live edge as nginx-rtmp writes it (its playlist file on the ingest instance) and as PaiClass
 * serves it, followed side by side every `everyMs`: when each segment first appeared in each, matched by
 * order (the k-th segment nginx wrote is the k-th PaiClass served). `served` answers the served playlist
 * (or null while there is none); `check` sees each served playlist's text, for assertions on it.
 * `delays()` gives, per segment, how many ms after nginx named it PaiClass served a playlist naming it:
 * the delay publishing into the storage adds to the live edge (within `everyMs`).
 */
export function followEdge(
  nginxPlaylist: string,
  served: () => Promise<string | null>,
  check: (text: string) => Promise<void> = async () => {},
  everyMs = 25,
) {
  const nginxSeen: number[] = [];
  const servedSeen: number[] = [];
  const nginxNames = new Set<string>();
  const servedNames = new Set<string>();
  let stopped = false;
  let failure: unknown = null;
  const loop = (async () => {
    while (!stopped) {
      try {
        let text = '';
        try {
          text = fs.readFileSync(nginxPlaylist, 'utf8');
        } catch {}
        for (const name of segmentsOf(text)) {
          if (nginxNames.has(name)) continue;
          nginxNames.add(name);
          nginxSeen.push(Date.now());
        }
        const body = await served();
        if (body !== null) {
          const at = Date.now();
          for (const name of segmentsOf(body)) {
            if (servedNames.has(name)) continue;
            servedNames.add(name);
            servedSeen.push(at);
          }
          await check(body);
        }
      } catch (e) {
        failure ??= e;
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    /** segments PaiClass served so far */
    served: () => [...servedNames],
    /** the first failure of a probe or a check, if any (stop() throws it) */
    failure: () => failure,
    async stop() {
      stopped = true;
      await loop;
      if (failure) throw failure;
    },
    delays: () => servedSeen.flatMap((at, k) => (nginxSeen[k] === undefined ? [] : [at - nginxSeen[k]!])),
  };
}

/** min, median and max of some numbers, rounded. */
export function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN);
  return { n: sorted.length, min: at(0), median: at(0.5), max: at(1) };
}
