import { ConfigError, loadConfig } from './config';
import { serve } from './serve';

/** `npm start`: one process serving the API, the web app and the sockets on PORT, until SIGINT or SIGTERM. */
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
const serving = serve(config);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    serving.stop().then(
      () => process.exit(0),
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
  });
}
serving.started.catch((e) => {
  console.error(e);
  process.exit(1);
});
