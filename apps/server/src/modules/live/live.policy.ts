import { createHmac, timingSafeEqual } from 'node:crypto';
import { LIVE_PUSH_KEY_SECONDS, LIVE_STATES } from '@paiclass/shared';

/**
 * Signed stream keys (decision 031): `<live id>-<expiry epoch seconds>-<signature>`, the signature an
 * HMAC-SHA256 of both under the server's secret. nginx-rtmp's `on_publish` hands the key back and
 * PaiClass allows the push only for a key it signed, not yet expired, of a live that exists.
 */
const sign = (secret: string, id: number, expires: number) =>
  createHmac('sha256', secret).update(`live-push:${id}:${expires}`).digest('base64url').slice(0, 32);

export function streamKey(secret: string, id: number, nowSeconds = Math.floor(Date.now() / 1000)) {
  const expires = nowSeconds + LIVE_PUSH_KEY_SECONDS;
  return { key: `${id}-${expires}-${sign(secret, id, expires)}`, expires };
}

/** The live a key names, when the key is well formed, signed by this server and not expired; else null. */
export function verifyStreamKey(secret: string, key: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  const m = /^(\d{1,10})-(\d{1,12})-([A-Za-z0-9_-]{32})$/.exec(key);
  if (!m) return null;
  const id = Number(m[1]);
  const expires = Number(m[2]);
  const want = Buffer.from(sign(secret, id, expires));
  const got = Buffer.from(m[3]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  if (expires < nowSeconds) return null;
  return id;
}

/**
 * A key signed before the teacher last ended the live, or in that second (`closedAt`), publishes no more: an encoder set to
 * reconnect by itself (OBS's default) cannot put an ended live back on the air. A key from
 * `getLivePushUrl` in a later second than the end can, as before.
 */
export function keyClosed(settings: LiveSettings, key: string) {
  const expires = Number(/^\d+-(\d+)-/.exec(key)?.[1]);
  return settings.closedAt > 0 && (!expires || expires - LIVE_PUSH_KEY_SECONDS <= settings.closedAt);
}

/** The token nginx-rtmp's callback URLs carry (`?hook=`), so only the media server calls them. */
export const hookToken = (secret: string) => createHmac('sha256', secret).update('nginx-rtmp-hook').digest('base64url');

export function sameToken(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface LiveSettings {
  liveState: number;
  startedAt: number;
  endedAt: number;
  /** when the teacher last ended the live (endLive): keys signed before it publish no more */
  closedAt: number;
  /** seconds kept in the recording (decision 036) */
  recordSeconds: number;
  /** the share link's token while shared, '' off */
  shareToken: string;
}

export function liveSettings(raw: Record<string, unknown>): LiveSettings {
  return {
    liveState: Number(raw.liveState ?? LIVE_STATES.notStarted),
    startedAt: Number(raw.startedAt ?? 0),
    endedAt: Number(raw.endedAt ?? 0),
    closedAt: Number(raw.closedAt ?? 0),
    recordSeconds: Number(raw.recordSeconds ?? 0),
    shareToken: typeof raw.shareToken === 'string' ? raw.shareToken : '',
  };
}

/**
 * The capability in a live's HLS address (`/live/hls/<id>/<sig>/index.m3u8`): given with the live to
 * those who may watch it, so the files are served as plain static files fit for a CDN, and nobody
 * guesses another live's address from its id.
 */
export const hlsSignature = (secret: string, id: number) =>
  createHmac('sha256', secret).update(`live-hls:${id}`).digest('base64url').slice(0, 22);

export const hlsPlayUrl = (secret: string, id: number) => `/live/hls/${id}/${hlsSignature(secret, id)}/index.m3u8`;

/** The capability in a recording's address (`/live/rec/<id>/<sig>/index.m3u8`), as hlsSignature for the live. */
export const recordSignature = (secret: string, id: number) =>
  createHmac('sha256', secret).update(`live-rec:${id}`).digest('base64url').slice(0, 22);

export const recordPlayUrl = (secret: string, id: number) => `/live/rec/${id}/${recordSignature(secret, id)}/index.m3u8`;
