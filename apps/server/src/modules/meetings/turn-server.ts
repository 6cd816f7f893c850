import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { portOpen, stopLeftOver } from '../../platform/helper-process';

/**
 * The STUN/TURN server of the built-in meeting (decision 041): Debian's coturn, configured and started
 * by PaiClass itself as the lives' nginx-rtmp is (modules/live/media-server.ts). It authenticates with
 * the TURN REST API's shared secret (`use-auth-secret`): PaiClass hands a meeting's members a username
 * `<expiry>:<user id>` and its HMAC-SHA1 under the secret, valid TURN_CREDENTIAL_SECONDS; nothing is
 * stored, and coturn refuses them once expired.
 */

/** how long a TURN credential is valid: a meeting that lasts longer takes new ones when someone rejoins */
export const TURN_CREDENTIAL_SECONDS = 2 * 3600;

/** What the meeting page is told about STUN/TURN: running, or why not (the package to install, or the error). */
export interface TurnStatus {
  running: boolean;
  /** the Debian packages to install, empty when coturn is there */
  missing: string[];
  /** why coturn is not running although installed (off by MEETING_TURN, or the error it gave) */
  problem: string;
  port: number;
}

export function turnBinary() {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/sbin', '/usr/local/bin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const file = path.join(dir, 'turnserver');
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {}
  }
  return null;
}

/** The shared secret coturn and PaiClass agree on, derived from SECRET: rotating SECRET revokes every credential. */
export const turnSecret = (secret: string) => createHmac('sha256', secret).update('coturn-rest-api').digest('hex');

/** The TURN REST API credential of a user (draft-uberti-behave-turn-rest): `<expiry>:<user>` and HMAC-SHA1 of it, base64. */
export function turnCredential(secret: string, userId: number, nowSeconds = Math.floor(Date.now() / 1000)) {
  const expires = nowSeconds + TURN_CREDENTIAL_SECONDS;
  const username = `${expires}:${userId}`;
  const credential = createHmac('sha1', turnSecret(secret)).update(username).digest('base64');
  return { username, credential, expires };
}

export interface TurnServerOptions {
  workDir: string;
  listen: string;
  port: number;
  /** the public address coturn announces behind NAT (TURN_EXTERNAL_IP) */
  externalIp?: string;
  minPort: number;
  maxPort: number;
  secret: string;
  /** relaying to loopback and private addresses: off but for tests on one machine */
  allowPrivatePeers?: boolean;
}

/** coturn's configuration: STUN and TURN over UDP and TCP on one port, REST API secret, no TLS, no CLI. */
export function turnServerConfig(o: TurnServerOptions) {
  const deny = o.allowPrivatePeers
    ? ['allow-loopback-peers']
    : [
        '0.0.0.0-0.255.255.255',
        '10.0.0.0-10.255.255.255',
        '100.64.0.0-100.127.255.255',
        '127.0.0.0-127.255.255.255',
        '169.254.0.0-169.254.255.255',
        '172.16.0.0-172.31.255.255',
        '192.168.0.0-192.168.255.255',
        '::1',
        'fc00::-fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
        'fe80::-febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
      ].map((r) => `denied-peer-ip=${r}`);
  return `# written by PaiClass (apps/server/src/modules/meetings/turn-server.ts); changes are overwritten
listening-ip=${o.listen}
listening-port=${o.port}
${o.externalIp ? `external-ip=${o.externalIp}\n` : ''}min-port=${o.minPort}
max-port=${o.maxPort}
realm=paiclass
fingerprint
use-auth-secret
static-auth-secret=${turnSecret(o.secret)}
no-tls
no-dtls
no-cli
no-multicast-peers
no-stdout-log
log-file=${path.join(o.workDir, 'turnserver.log')}
simple-log
pidfile=${path.join(o.workDir, 'turnserver.pid')}
user-quota=12
total-quota=400
${deny.join('\n')}
`;
}

export interface TurnServer {
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Writes the configuration and starts coturn as a child of this process; resolves once it listens. */
export async function startTurnServer(o: TurnServerOptions, binary = turnBinary()): Promise<TurnServer> {
  if (!binary) throw new Error('missing: coturn');
  fs.mkdirSync(o.workDir, { recursive: true });
  const conf = path.join(o.workDir, 'turnserver.conf');
  fs.writeFileSync(conf, turnServerConfig(o), { mode: 0o600 });
  if (stopLeftOver(path.join(o.workDir, 'turnserver.pid'), (cmdline) => cmdline.includes('turnserver'))) {
    for (let i = 0; i < 40 && (await portOpen(o.listen, o.port)); i++) await new Promise((r) => setTimeout(r, 50));
  }
  if (await portOpen(o.listen, o.port)) throw new Error(`port ${o.port} is already taken`);
  const child = spawn(binary, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr?.on('data', (d) => {
    said = (said + String(d)).slice(-2000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await portOpen(o.listen, o.port))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(said.trim() || `coturn did not listen on ${o.listen}:${o.port}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Starts coturn beside a listening PaiClass when MEETING_TURN allows and coturn is installed; otherwise
 * records why not in `ctx.turn`, which the meeting page shows. Never throws: meetings then use STUN-less
 * host candidates (same network only) rather than PaiClass not starting.
 */
export async function startTurn(app: FastifyInstance): Promise<TurnServer | null> {
  const { config } = app.ctx;
  const status = app.ctx.turn;
  const binary = turnBinary();
  status.missing = binary ? [] : ['coturn'];
  status.port = config.turnPort;
  if (!config.meetingTurn) {
    status.problem = 'MEETING_TURN=false';
    return null;
  }
  if (!binary) {
    app.log.warn('meetings: no STUN/TURN server; install the Debian package coturn for meetings across networks');
    return null;
  }
  try {
    const server = await startTurnServer({
      workDir: path.join(config.dataDir, 'meetings', 'coturn'),
      listen: config.turnListen,
      port: config.turnPort,
      externalIp: config.turnExternalIp,
      minPort: config.turnMinPort,
      maxPort: config.turnMaxPort,
      secret: app.ctx.secret,
      allowPrivatePeers: config.turnAllowPrivate,
    });
    status.running = true;
    status.problem = '';
    server.process.once('exit', (code) => {
      status.running = false;
      status.problem = `coturn exited (${code})`;
    });
    app.log.info(`meetings: coturn on ${config.turnListen}:${config.turnPort}`);
    return server;
  } catch (e) {
    status.problem = (e as Error).message;
    app.log.warn(`meetings: coturn did not start: ${status.problem}`);
    return null;
  }
}
