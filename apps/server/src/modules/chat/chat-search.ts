import {
  CHAT_GROUP_PRIVATE,
  CHAT_SEARCH_EXCERPT_BEFORE,
  CHAT_SEARCH_EXCERPT_MAX,
  CHAT_STORED_TYPES,
  type ChatSearchHit,
} from '@paiclass/shared';
import { sql } from 'drizzle-orm';
import { chatGroupUsers, chatMessages, courses, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { readableGroups } from './chat.policy';

/** `%`, `_` and the escape character itself taken literally in a LIKE pattern (`escape '\'`). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The text around the first match of `keyword` (case-insensitive, by characters, so a Chinese or emoji
 * character is never cut in half): a few characters before it, at most CHAT_SEARCH_EXCERPT_MAX in all,
 * '…' where the message goes on.
 */
export function excerptOf(text: string, keyword: string) {
  const chars = [...text];
  const lower = chars.map((c) => c.toLowerCase());
  const wanted = [...keyword].map((c) => c.toLowerCase());
  let at = 0;
  for (let i = 0; i + wanted.length <= lower.length; i++)
    if (wanted.every((c, j) => lower[i + j] === c)) {
      at = i;
      break;
    }
  const start = Math.max(0, Math.min(at - CHAT_SEARCH_EXCERPT_BEFORE, chars.length - CHAT_SEARCH_EXCERPT_MAX));
  const end = Math.min(chars.length, start + CHAT_SEARCH_EXCERPT_MAX);
  return `${start > 0 ? '…' : ''}${chars.slice(start, end).join('')}${end < chars.length ? '…' : ''}`;
}

interface HitRow extends Record<string, unknown> {
  id: number;
  group_id: number;
  kind: number;
  course_id: number;
  coursename: string;
  from_uid: number;
  from_name: string | null;
  msg_type: number;
  msg_content: string;
  created_at: string | Date;
  friend_id: number | null;
  friend_name: string | null;
}

/**
 * `/LetterApi/searchMessage` (ours, issue 27): the messages holding `keyword` (case-insensitive
 * substring, Chinese included; `%` and `_` mean themselves) in the chats the caller may read now
 * (chat.policy `readableGroups`: their private chats, and the groups of live courses they are in and may
 * still visit), newest first, `size` a page before `beforeId`. Never a recalled message, nor one of a
 * session the caller deleted (up to the deletion); a picture, file, voice or video is found by its file's
 * name. Read-only; the input is checked by the contract before this runs.
 */
export async function searchMessages(
  ctx: AppContext,
  user: User,
  input: { keyword: string; size: number; beforeId?: number },
): Promise<{ keyword: string; list: ChatSearchHit[]; more: boolean; next: number }> {
  const pattern = `%${likeLiteral(input.keyword)}%`;
  const result = await ctx.db.execute(sql`
    with g as (${readableGroups(user.id)})
    select m.id, m.group_id, g.kind, g.course_id, c.coursename, m.from_uid, fu.username as from_name,
           m.msg_type, m.msg_content, m.created_at, friend.id as friend_id, friend.username as friend_name
      from g join ${chatMessages} m on m.group_id = g.id
      join ${courses} c on c.id = g.course_id
      left join ${users} fu on fu.id = m.from_uid
      left join lateral (
        select ou.id, ou.username from ${chatGroupUsers} o join ${users} ou on ou.id = o.user_id
         where g.kind = ${CHAT_GROUP_PRIVATE} and o.group_id = g.id and o.user_id <> ${user.id} limit 1
      ) friend on true
     where m.msg_type in (${sql.join(
       CHAT_STORED_TYPES.map((t) => sql`${t}`),
       sql`, `,
     )})
       and m.id > g.deleted_up_to
       and m.msg_content ilike ${pattern} escape '\\'
       ${input.beforeId ? sql`and m.id < ${input.beforeId}` : sql``}
     order by m.id desc
     limit ${input.size + 1}`);
  const rows = (result as unknown as { rows: HitRow[] }).rows;
  const list = rows.slice(0, input.size).map(
    (r): ChatSearchHit => ({
      id: Number(r.id),
      groupId: Number(r.group_id),
      type: Number(r.kind),
      name: r.friend_id ? (r.friend_name ?? '') : r.coursename,
      remark: r.coursename,
      courseid: Number(r.course_id),
      friendid: Number(r.friend_id ?? 0),
      fromUid: Number(r.from_uid),
      fromName: r.from_name ?? '',
      msgType: Number(r.msg_type),
      excerpt: excerptOf(r.msg_content, input.keyword),
      createTime: Math.floor(new Date(r.created_at).getTime() / 1000),
    }),
  );
  const more = rows.length > input.size;
  return { keyword: input.keyword, list, more, next: more ? (list.at(-1)?.id ?? 0) : 0 };
}
