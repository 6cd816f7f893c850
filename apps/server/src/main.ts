import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { seedDemo } from './db/seed';
import { scheduleUploadCleanup } from './modules/files/files.service';

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
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.ctx.jobs.start();
  // the clean-up of abandoned uploads runs now and then every hour, on whichever instance claims it
  await scheduleUploadCleanup(app.ctx);
  app.log.info(`PaiClass (${config.mode}) on http://localhost:${config.port} — database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
