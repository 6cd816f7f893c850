import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepsElsewhere, testConfig, testDatabase } from '../test/helpers';
import { freeDualPort, freePort } from '../test/waiting';
import { mediaTools } from './modules/live/media-server';
import { turnBinary } from './modules/meetings/turn-server';
import { portOpen } from './platform/helper-process';
import { serve } from './serve';

/**
 * `npm start`'s process with the servers it starts beside itself (nginx-rtmp, coturn): a stop, as on
 * SIGTERM, leaves none of them running, also when it comes while they are still starting. Skipped,
 * saying what to install, without the packages.
 */
const missing = [...mediaTools().missing, ...(turnBinary() ? [] : ['coturn'])];
if (missing.length)
  console.warn(`serve.test.ts skipped: install the Debian packages ${missing.join(', ')} (scripts/test.sh does)`);

/** The pids of processes whose command line names the data folder: the helpers' configurations are kept there. */
function helpersOf(dataDir: string) {
  return fs.readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) return false;
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir);
    } catch {
      return false; // ended meanwhile
    }
  });
}

// once a run: on PostgreSQL when the run has it (decision 042)
describe.skipIf(missing.length > 0 || sweepsElsewhere)(
  `serve: the helper servers stop with PaiClass${missing.length ? ` (skipped: install ${missing.join(', ')})` : ''}`,
  () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0)) await cleanup();
    });

    async function setUp() {
      const db = await testDatabase();
      const turnPort = await freeDualPort(10);
      const config = testConfig({
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        LIVE_RTMP_PORT: String(await freePort()),
        TURN_PORT: String(turnPort),
        TURN_MIN_PORT: String(turnPort + 1),
        TURN_MAX_PORT: String(turnPort + 10),
      });
      cleanups.push(async () => {
        // whatever a failed test left running is stopped, so that it does not outlive the run: SIGTERM, with
        // which nginx's master ends its workers too (killed hard, it left them running)
        for (const pid of helpersOf(config.dataDir)) process.kill(Number(pid), 'SIGTERM');
        await db.drop();
        fs.rmSync(config.dataDir, { recursive: true, force: true });
      });
      return { config, serving: serve(config, { database: db.database, logger: false }) };
    }

    it('runs nginx-rtmp and coturn once started, and a stop ends both with PaiClass', async () => {
      const { config, serving } = await setUp();
      const app = await serving.started;
      expect(app.ctx.media.running).toBe(true);
      expect(app.ctx.turn.running).toBe(true);
      expect(helpersOf(config.dataDir)).toHaveLength(2);
      await serving.stop();
      expect(helpersOf(config.dataDir)).toEqual([]);
      expect(await portOpen('127.0.0.1', config.port)).toBe(false);
    }, 60_000);

    it('a stop that comes as PaiClass first answers, before its helpers have started, still leaves none running', async () => {
      const { config, serving } = await setUp();
      // the moment a SIGTERM came in stop 52's start measurements: the port answers, nginx and coturn are still to start
      // (asked again at once: `until`'s 100 ms could miss the moment)
      const deadline = Date.now() + 30_000;
      while (!(await portOpen('127.0.0.1', config.port))) if (Date.now() > deadline) throw new Error('PaiClass never answered');
      await serving.stop();
      await serving.started;
      expect(helpersOf(config.dataDir)).toEqual([]);
      // and none starts later
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(helpersOf(config.dataDir)).toEqual([]);
    }, 60_000);
  },
);
