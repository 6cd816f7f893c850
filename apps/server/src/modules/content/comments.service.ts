import type { commentAddInput, commentLikeAnswer, commentPageInput, commentReplyAnswer } from '@paiclass/shared';
import { CONTENT_TYPES } from '@paiclass/shared';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { commentLikes, comments, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { canDeleteComment } from './content.policy';
import { assertOpen, loadItemById, markDone } from './content.service';

type CommentRow = typeof comments.$inferSelect;

/** Comments with replies (`/Futurev2/Comment/*`), on any item the caller may see; topics first of all. */
async function present(ctx: AppContext, user: User, rows: CommentRow[], mayDelete: (c: CommentRow) => boolean) {
  const ids = rows.map((r) => r.id);
  const people = [...new Set(rows.flatMap((r) => [r.userId, r.replyToUserId ?? r.userId]))];
  const names = people.length
    ? await ctx.db
        .select({ id: users.id, username: users.username, avatar: users.avatar })
        .from(users)
        .where(inArray(users.id, people))
    : [];
  const liked = new Set(
    ids.length
      ? (
          await ctx.db
            .select({ id: commentLikes.commentId })
            .from(commentLikes)
            .where(and(eq(commentLikes.userId, user.id), inArray(commentLikes.commentId, ids)))
        ).map((r) => r.id)
      : [],
  );
  return (c: CommentRow): z.output<typeof commentReplyAnswer> => {
    const who = names.find((n) => n.id === c.userId);
    return {
      id: c.id,
      contentid: c.contentId,
      content: c.body,
      uid: c.userId,
      username: who?.username ?? '',
      avatar: who?.avatar ?? '',
      createtime: Math.floor(c.createdAt.getTime() / 1000),
      likes: c.likes,
      isliked: liked.has(c.id) ? 1 : 0,
      replyid: c.parentId ?? 0,
      reply_username: c.replyToUserId ? (names.find((n) => n.id === c.replyToUserId)?.username ?? '') : '',
      candelete: mayDelete(c) ? 1 : 0,
    };
  };
}

/** `/Futurev2/Comment/getCommentPage`: top-level comments newest first, each with its replies oldest first. */
export async function getCommentPage(ctx: AppContext, user: User, input: z.infer<typeof commentPageInput>) {
  const { item, m } = await loadItemById(ctx, user, input.contentid);
  const top = and(eq(comments.contentId, item.id), isNull(comments.parentId));
  const [total] = await ctx.db.select({ n: count() }).from(comments).where(top);
  const roots = await ctx.db
    .select()
    .from(comments)
    .where(top)
    .orderBy(desc(comments.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  const replies = roots.length
    ? await ctx.db
        .select()
        .from(comments)
        .where(
          inArray(
            comments.parentId,
            roots.map((r) => r.id),
          ),
        )
        .orderBy(asc(comments.id))
    : [];
  const show = await present(ctx, user, [...roots, ...replies], (c) => canDeleteComment(m.role, user.id, c));
  return {
    total: total?.n ?? 0,
    page: input.page,
    list: roots.map((r) => ({ ...show(r), replies: replies.filter((x) => x.parentId === r.id).map(show) })),
  };
}

/** `/Futurev2/Comment/addComment`: a comment, or a reply to one; a student commenting on a topic has taken part. */
export async function addComment(ctx: AppContext, user: User, input: z.infer<typeof commentAddInput>) {
  const { item, m } = await loadItemById(ctx, user, input.contentid);
  // an ended topic is closed; other items (a homework's discussion) stay open after their end
  if (item.contenttype === CONTENT_TYPES.topic) assertOpen(item);
  let parentId: number | null = null;
  let replyToUserId: number | null = null;
  if (input.replyid) {
    const [target] = await ctx.db
      .select()
      .from(comments)
      .where(and(eq(comments.id, input.replyid), eq(comments.contentId, item.id)));
    if (!target) throw fail('notFound');
    parentId = target.parentId ?? target.id;
    replyToUserId = target.userId;
  }
  const [row] = await ctx.db
    .insert(comments)
    .values({ contentId: item.id, userId: user.id, parentId, replyToUserId, body: input.content })
    .returning();
  if (m.role === 'student' && item.contenttype === CONTENT_TYPES.topic) await markDone(ctx, user.id, item.id);
  const show = await present(ctx, user, [row!], () => true);
  return { ...show(row!), replies: [] };
}

async function loadComment(ctx: AppContext, user: User, id: number) {
  const [c] = await ctx.db.select().from(comments).where(eq(comments.id, id));
  if (!c) throw fail('notFound');
  const { item, m } = await loadItemById(ctx, user, c.contentId);
  return { c, item, m };
}

/** `/Futurev2/Comment/like`: likes a comment, or takes the like back when given again. */
export async function likeComment(ctx: AppContext, user: User, id: number): Promise<z.output<typeof commentLikeAnswer>> {
  const { c } = await loadComment(ctx, user, id);
  return ctx.db.transaction(async (tx) => {
    const added = await tx.insert(commentLikes).values({ commentId: c.id, userId: user.id }).onConflictDoNothing().returning();
    if (added.length === 0)
      await tx.delete(commentLikes).where(and(eq(commentLikes.commentId, c.id), eq(commentLikes.userId, user.id)));
    const [row] = await tx
      .update(comments)
      .set({ likes: sql`${comments.likes} + ${added.length ? 1 : -1}` })
      .where(eq(comments.id, c.id))
      .returning({ likes: comments.likes });
    return { id: c.id, isliked: added.length ? 1 : 0, likes: row!.likes };
  });
}

/** `/Futurev2/Comment/delComment`: by its author or a teacher of the course; a comment's replies go with it. */
export async function deleteComment(ctx: AppContext, user: User, id: number, courseId: number) {
  const { c, item, m } = await loadComment(ctx, user, id);
  if (courseId && courseId !== item.courseId) throw fail('notFound');
  if (!canDeleteComment(m.role, user.id, c)) throw fail('forbidden');
  const gone = await ctx.db
    .delete(comments)
    .where(sql`${comments.id} = ${c.id} or ${comments.parentId} = ${c.id}`)
    .returning({ id: comments.id });
  return { count: gone.length };
}
