import { accountsCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { handle } from '../../platform/handle';
import { FRAMED_BY_SELF } from '../../platform/security-headers';
import * as profile from './profile.service';

/** The personal centre's calls (spec 1 §2 /myInfoDetail, /infoModify, /avatar, /myAllSetting): each changes the caller only. */
export async function profileRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;

  handle(app, accountsCalls.editUserInfo, (req) => profile.editUserInfo(ctx, caller(req), req.body));
  handle(app, accountsCalls.changeUsertype, (req) =>
    profile.changeUsertype(ctx, caller(req), req.body.usertype, req.body.confirm === 1),
  );
  handle(app, accountsCalls.updateAvatar, (req) => profile.updateAvatar(ctx, caller(req), req.body.fileid));
  handle(app, accountsCalls.setNotify, (req) => profile.setNotify(ctx, caller(req), req.body));
  // an avatar shows wherever its person does (member lists, comments, the course list): the signed
  // address opens the image for anyone holding it while it is its owner's avatar
  handle(app, accountsCalls.avatar, async (req, reply) => {
    const file = await profile.avatarFile(ctx, req.query.id, req.query.sig);
    if (!file) throw fail('notFound');
    reply
      .header('content-type', file.mime)
      .header('content-length', String(file.size))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', FRAMED_BY_SELF.csp)
      .header('x-frame-options', FRAMED_BY_SELF.xfo)
      // a new avatar is a new address, so this one's bytes never change
      .header('cache-control', 'private, max-age=86400')
      .header('content-disposition', 'inline; filename="avatar"');
    return reply.send(await ctx.storage.get(file.storageKey));
  });
}
