import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { hookToken } from './live.policy';
import { type MediaServer, mediaTools, startMediaServer } from './media-server';

/** Where nginx-rtmp writes the HLS files of the lives, and the recorder publishes them into the storage from (decision 048). */
export const hlsDirOf = (dataDir: string) => path.join(dataDir, 'live', 'hls');

/** The address nginx calls PaiClass back on: the loopback unless the server listens on one address only. */
function callbackBase(host: string, port: number) {
  const any = ['0.0.0.0', '::', '', 'localhost'].includes(host) || host.startsWith('127.');
  return `http://${any ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Starts the lives' media server beside a listening PaiClass when LIVE_INGEST allows and nginx-rtmp
 * is installed; otherwise records why not in `ctx.media`, which the live page shows. Never throws:
 * PaiClass runs without lives rather than not at all. The caller stops it (`stop()`) before closing.
 */
export async function startIngest(app: FastifyInstance, port: number): Promise<MediaServer | null> {
  const { config } = app.ctx;
  const status = app.ctx.media;
  const tools = mediaTools();
  status.missing = tools.missing;
  status.rtmpPort = config.liveRtmpPort;
  if (!config.liveIngest) {
    status.problem = 'LIVE_INGEST=false';
    return null;
  }
  if (!tools.nginx || !tools.rtmpModule) {
    app.log.warn(`lives: no media server; install the Debian packages ${tools.missing.join(', ')} for lives`);
    return null;
  }
  try {
    const server = await startMediaServer({
      workDir: path.join(config.dataDir, 'live', 'nginx'),
      hlsDir: hlsDirOf(config.dataDir),
      listen: config.liveRtmpListen,
      rtmpPort: config.liveRtmpPort,
      callbackBase: callbackBase(config.host, port),
      hook: hookToken(app.ctx.secret),
    });
    status.running = true;
    status.problem = '';
    server.process.once('exit', (code) => {
      status.running = false;
      status.problem = `nginx exited (${code})`;
    });
    app.log.info(`lives: nginx-rtmp on rtmp://${config.liveRtmpListen}:${config.liveRtmpPort}/live`);
    return server;
  } catch (e) {
    status.problem = (e as Error).message;
    app.log.warn(`lives: nginx-rtmp did not start: ${status.problem}`);
    return null;
  }
}
