import { liveCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { handle } from '../../platform/handle';
import { hlsSignature, recordSignature, sameToken } from './live.policy';
import * as live from './live.service';
import * as liveClass from './live-class.service';
import { recordKey } from './recording';

const HLS_FILE = /^(index\.m3u8|\d{1,12}\.ts)$/;

/** Lives (issue 26, decision 031): create, push address, watch log, nginx-rtmp's callbacks, and the HLS files. */
export async function liveRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const c = liveCalls;
  const hook = (q: unknown) => String((q as { hook?: unknown } | undefined)?.hook ?? '');
  handle(app, c.addLive, (req) => live.addLive(ctx, caller(req), req.body));
  handle(app, c.getLiveInfo, (req) => live.liveInfo(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, c.getLivePushUrl, (req) => live.livePushUrl(ctx, caller(req), req.body.courseid, req.body.id, req.hostname));
  handle(app, c.watchLiveLog, (req) => live.watchLiveLog(ctx, caller(req), req.body));
  handle(app, c.getWatchLog, (req) => live.watchLog(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, c.endLive, (req) => live.endLive(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, c.getReplayBarrage, (req) => live.replayBarrage(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, c.setLiveShare, (req) => live.setLiveShare(ctx, caller(req), req.body));
  handle(app, c.beginLiveClass, (req) => liveClass.beginLiveClass(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, c.addLiveTopic, (req) => liveClass.addLiveTopic(ctx, caller(req), req.body));
  handle(app, c.getLiveSpeakHistory, (req) => liveClass.liveSpeakHistory(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, c.getSharedLive, (req) => live.sharedLive(ctx, req.body.token));
  // a good key is answered with a redirect to the live's id: nginx-rtmp renames the stream, so the
  // HLS files it writes are named by the id, never by the secret key (decision 031)
  handle(app, c.onPublish, async (req, reply) => {
    const done = await live.rtmpCallback(ctx, 'publish', req.body, hook(req.query));
    return reply.code(302).header('location', String(done.id)).send() as never;
  });
  handle(app, c.onPublishUpdate, (req) => live.rtmpCallback(ctx, 'update', req.body, hook(req.query)));
  handle(app, c.onPublishDone, (req) => live.rtmpCallback(ctx, 'done', req.body, hook(req.query)));

  // The live's HLS files (decision 048): from the project's storage, where the instance running nginx
  // publishes them, so any instance serves a live on the air. The playlist never kept, segments for good
  // (PaiClass numbers them once per live, across republishes), so a CDN or an nginx in front can carry
  // the viewers.
  app.get<{ Params: { id: string; sig: string; file: string } }>(
    '/live/hls/:id/:sig/:file',
    // media files, not a call: no envelope, not in the contract's route table
    { config: { auth: 'none', api: false }, schema: { hide: true } },
    async (req, reply) => {
      const { id, sig, file } = req.params;
      const n = Number(id);
      if (!/^\d{1,10}$/.test(id) || !HLS_FILE.test(file) || !sameToken(sig, hlsSignature(ctx.secret, n))) {
        return reply.code(404).send();
      }
      const playlist = file.endsWith('.m3u8');
      const body = playlist
        ? await ctx.lives.files.playlist(n)
        : await ctx.lives.files.segment(n, Number(file.slice(0, -'.ts'.length)));
      if (!body) return reply.code(404).header('cache-control', 'no-store').send();
      return reply
        .header('content-type', playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
        .header('cache-control', playlist ? 'no-cache' : 'public, max-age=31536000, immutable')
        .header('access-control-allow-origin', '*')
        .send(body);
    },
  );

  // The recordings (decision 036): the same capability shape, read from the project's storage, so any
  // instance serves them. The playlist may grow after a republish (no-cache); segments never change.
  app.get<{ Params: { id: string; sig: string; file: string } }>(
    '/live/rec/:id/:sig/:file',
    { config: { auth: 'none', api: false }, schema: { hide: true } },
    async (req, reply) => {
      const { id, sig, file } = req.params;
      const n = Number(id);
      if (!/^\d{1,10}$/.test(id) || !HLS_FILE.test(file) || !sameToken(sig, recordSignature(ctx.secret, n))) {
        return reply.code(404).send();
      }
      const key = recordKey(n, file);
      if (!(await ctx.storage.exists(key))) return reply.code(404).header('cache-control', 'no-store').send();
      const playlist = file.endsWith('.m3u8');
      return reply
        .header('content-type', playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
        .header('cache-control', playlist ? 'no-cache' : 'public, max-age=31536000, immutable')
        .header('access-control-allow-origin', '*')
        .send(await ctx.storage.get(key));
    },
  );
}
