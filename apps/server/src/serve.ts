import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from './app';
import type { Config } from './config';
import { seedDemo } from './db/seed';
import { schedulePurge } from './modules/accounts/purge';
import { scheduleUploadCleanup } from './modules/files/files.service';
import { startIngest } from './modules/live/ingest';
import { startTurn } from './modules/meetings/turn-server';

export interface Serving {
  /** resolves with the app once it listens and its helpers have started (or said why not) */
  started: Promise<FastifyInstance>;
  /**
   * Stops the helper servers, then the app. Asked during the start, it waits for the helpers being started
   * and stops them too: nginx and coturn are processes of their own, and a SIGTERM between the first answer
   * and their start left them running after PaiClass had exited (seen in stop 52's start measurements).
   */
  stop(): Promise<void>;
}

/**
 * One process serving the API, the web app and the sockets on the configured port, with the servers it
 * starts beside itself (nginx-rtmp for lives, coturn for meetings) and the recurring upkeep.
 */
export function serve(config: Config, options: AppOptions = {}): Serving {
  let stopping = false;
  const building = buildApp(config, options);
  // each helper's start, as soon as it begins: a stop waits on it whichever step the start has reached
  let media: ReturnType<typeof startIngest> = Promise.resolve(null);
  let turn: ReturnType<typeof startTurn> = Promise.resolve(null);
  const started = (async () => {
    const app = await building;
    if (config.seedDemo) await seedDemo(app.ctx, app.log);
    // every step after a wait looks whether a stop was asked meanwhile: nothing starts after a stop
    if (stopping) return app;
    await app.listen({ port: config.port, host: config.host });
    if (stopping) return app;
    app.ctx.jobs.start();
    // the lives' media server (nginx-rtmp) when installed; without it PaiClass still runs and the live page says what to install
    media = startIngest(app, (app.server.address() as { port: number }).port);
    await media;
    if (stopping) return app;
    // the built-in meeting's STUN/TURN server (coturn) when installed; without it meetings work on one network only
    turn = startTurn(app);
    await turn;
    if (stopping) return app;
    // the clean-up of abandoned uploads runs now and then every hour, on whichever instance claims it
    await scheduleUploadCleanup(app.ctx);
    // and the purge of expired codes, tickets and sessions every five minutes
    await schedulePurge(app.ctx);
    app.log.info(
      `PaiClass (${config.mode}) on http://localhost:${config.port} — database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}`,
    );
    return app;
  })();
  return {
    started,
    async stop() {
      stopping = true;
      const app = await building;
      await Promise.all([media.then((m) => m?.stop()), turn.then((t) => t?.stop())]);
      await app.close();
    },
  };
}
