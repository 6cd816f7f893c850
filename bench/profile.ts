// Reads a V8 .cpuprofile (node --cpu-prof) and tells where the time went: self time per function and
// per file or package, counted only inside the given windows (the measured load, not start-up or
// seeding). V8's sample times and process.hrtime share the monotonic clock, in microseconds.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './server';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

/** The monotonic clock in microseconds, as V8 stamps its samples. */
export const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

const where = (url: string) => {
  const file = url.replace(/^file:\/\//, '');
  if (!file) return '';
  const pkg = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return `${pkg[1]} (package)`;
  if (file.startsWith('node:')) return file;
  return path.relative(root, file);
};
const label = (frame: ProfileNode['callFrame']) => {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  const file = frame.url.replace(/^file:\/\//, '');
  const short = file.includes('node_modules/')
    ? file.slice(file.lastIndexOf('node_modules/') + 13)
    : path.relative(root, file) || file;
  // line 0 is what V8 reports for code without line structure (minified, or compiled by a loader)
  return `${name} ${short.startsWith('..') ? file : short}${frame.lineNumber > 0 ? `:${frame.lineNumber + 1}` : ''}`;
};

export type ProfileWindow = { name: string; from: number; to: number };

function selfTimes(profile: CpuProfile, inWindow: (at: number) => boolean) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    // a sample stands for the interval up to the next sample
    const spent = profile.timeDeltas[i + 1] ?? 0;
    if (!inWindow(t)) continue;
    const node = byId.get(profile.samples[i]!);
    if (!node) continue;
    if (node.callFrame.functionName === '(idle)') {
      idle += spent;
      continue;
    }
    busy += spent;
    const fn = label(node.callFrame);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + spent);
    const place = where(node.callFrame.url) || node.callFrame.functionName;
    byFile.set(place, (byFile.get(place) ?? 0) + spent);
  }
  const rank = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => ({ name, selfMs: Math.round(us / 1000), share: `${((100 * us) / Math.max(busy, 1)).toFixed(1)}%` }));
  return {
    busyMs: Math.round(busy / 1000),
    idleMs: Math.round(idle / 1000),
    functions: (n: number) => rank(byFunction, n),
    files: (n: number) => rank(byFile, n),
  };
}

/**
 * Self time of the top functions and files while the server was under load (`windows`, in
 * microseconds of nowMicros(); the whole profile when none is given), and the top five of each
 * window. Idle time is left out of the shares.
 */
export function summarizeProfile(file: string, windows: ProfileWindow[] = [], top = 15) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const all = selfTimes(profile, (at) => windows.length === 0 || windows.some((w) => at >= w.from && at <= w.to));
  return {
    file: path.relative(root, file),
    window: windows.length ? 'the load of each call (warm-up and measurement)' : 'the whole process',
    busyMs: all.busyMs,
    idleMs: all.idleMs,
    topSelf: all.functions(top),
    topFiles: all.files(10),
    perCall: windows.map((w) => {
      const one = selfTimes(profile, (at) => at >= w.from && at <= w.to);
      return { call: w.name, busyMs: one.busyMs, idleMs: one.idleMs, topSelf: one.functions(5) };
    }),
  };
}
