import { chatCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { handle } from '../../platform/handle';
import * as addressBook from './address-book';
import * as bans from './chat-bans';
import * as search from './chat-search';
import * as chat from './chat.service';
import * as imToken from './im-token';

/** Chat (issue 27): `/LetterApi/*`, `/userApi/getIMToken`, `/Instantmessaging/OperateApi/*`; messages go by the chat socket. */
export async function chatRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  handle(app, chatCalls.getIMToken, (req) => {
    const user = caller(req);
    if (!req.sessionId) throw fail('notLoggedIn');
    return imToken.issueImToken(ctx, user.id, req.sessionId);
  });
  handle(app, chatCalls.courseList, (req) => addressBook.addressCourses(ctx, caller(req)));
  handle(app, chatCalls.teachTeam, (req) => addressBook.teachTeam(ctx, caller(req), req.body.courseid));
  handle(app, chatCalls.friendList, (req) => addressBook.friendList(ctx, caller(req), req.body.courseid, req.body.classid));
  handle(app, chatCalls.createGroup, (req) => chat.courseGroup(ctx, caller(req), req.body.courseid));
  handle(app, chatCalls.getMsgList, (req) => chat.sessionList(ctx, caller(req)));
  handle(app, chatCalls.open, (req) => chat.openPrivate(ctx, caller(req), req.body.friendid, req.body.courseid));
  handle(app, chatCalls.history, (req) => chat.history(ctx, caller(req), req.body));
  handle(app, chatCalls.deleteSession, (req) => chat.deleteSession(ctx, caller(req), req.body.groupid));
  handle(app, chatCalls.mute, (req) => chat.setMute(ctx, caller(req), req.body));
  handle(app, chatCalls.shieldFriend, (req) => chat.setMute(ctx, caller(req), req.body));
  handle(app, chatCalls.forbidChat, (req) => bans.forbidChat(ctx, caller(req), req.body));
  handle(app, chatCalls.chatRules, (req) => bans.chatRules(ctx, caller(req), req.body.groupid));
  handle(app, chatCalls.searchMessage, (req) => search.searchMessages(ctx, caller(req), req.body));
}
