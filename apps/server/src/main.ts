import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { seedDemo } from './db/seed';
import { schedulePurge } from './modules/accounts/purge';
import { scheduleUploadCleanup } from './modules/files/files.service';
import { startIngest } from './modules/live/ingest';
import { startTurn } from './modules/meetings/turn-server';

/** Starts one process serving the API, the web app and the sockets on PORT. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const app = await buildApp(config);
  if (config.seedDemo) await seedDemo(app.ctx, app.log);
  let media: Awaited<ReturnType<typeof startIngest>> = null;
  let turn: Awaited<ReturnType<typeof startTurn>> = null;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      Promise.all([media?.stop(), turn?.stop()])
        .then(() => app.close())
        .then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.ctx.jobs.start();
  // the lives' media server (nginx-rtmp) when installed; without it PaiClass still runs and the live page says what to install
  media = await startIngest(app, (app.server.address() as { port: number }).port);
  // the built-in meeting's STUN/TURN server (coturn) when installed; without it meetings work on one network only
  turn = await startTurn(app);
  // the clean-up of abandoned uploads runs now and then every hour, on whichever instance claims it
  await scheduleUploadCleanup(app.ctx);
  // and the purge of expired codes, tickets and sessions every five minutes
  await schedulePurge(app.ctx);
  app.log.info(
    `PaiClass (${config.mode}) on http://localhost:${config.port} — database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
