import {
  CONTENT_TYPES,
  IMAGE_MAX_BYTES,
  type MeetingAnswer,
  type MeetingCreateInput,
  type MeetingEditInput,
  MEETING_STATUS,
  PAGE_SIZE,
  PUBLISH_STATES,
} from '@paiclass/shared';
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { contents, directories, files } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
import { courseRole, requireManager } from '../content/content.service';
import { managesContent } from '../content/content.policy';
import { type FileRow, signedUrl } from '../files/files.service';
import { thumbnailable } from '../files/thumbs';
import { recordVisit, watchStatistics } from '../live/watch.service';
import { coverProblem, meetingSettings, meetingState, meetingStatus } from './meetings.policy';

type Item = typeof contents.$inferSelect;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const T = CONTENT_TYPES.meeting;

async function directoryOf(ctx: AppContext, courseId: number, dirId: number) {
  if (!dirId) return null;
  const [dir] = await ctx.db
    .select({ id: directories.id, title: directories.title })
    .from(directories)
    .where(and(eq(directories.id, dirId), eq(directories.courseId, courseId)));
  if (!dir) throw fail('notFound');
  return dir;
}

/** The cover files of these meetings, by id: one read for a whole page. */
async function coverFiles(ctx: AppContext, items: Item[]) {
  const ids = [...new Set(items.map((i) => meetingSettings(i.settings).cover).filter((id) => id > 0))];
  const rows = ids.length ? await ctx.db.select().from(files).where(inArray(files.id, ids)) : [];
  return new Map(rows.map((f) => [f.id, f]));
}

/**
 * A cover's addresses: the picture and its thumbnail (files/thumbs.ts), signed for the caller, made
 * absolute on the way out (platform/addresses). None when there is no cover or its file is gone.
 */
function presentCover(ctx: AppContext, file: FileRow | undefined) {
  if (!file) return { cover: 0, cover_url: '', cover_thumb: '' };
  const url = signedUrl(ctx.secret, file.id, false);
  return { cover: file.id, cover_url: url, cover_thumb: thumbnailable(file.mime) ? `${url}&thumb=1` : url };
}

/**
 * The cover a write leaves on a meeting (`kept` is the one it has, 0 for none): left out keeps it,
 * 0 removes it, the meeting's own stays; any other must be an image of at most 5 MB the caller
 * uploaded. A refusal names the field `cover`. Reads only.
 */
async function checkedCover(ctx: AppContext, user: User, requested: number | undefined, kept: number) {
  if (requested === undefined) return kept;
  if (requested === 0 || requested === kept) return requested;
  const [file] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, requested), eq(files.ownerId, user.id)));
  if (!file) throw badField('validation.meetingCoverNotYours', ['cover']);
  const problem = coverProblem(file, IMAGE_MAX_BYTES);
  if (problem) throw badField(problem, ['cover']);
  return file.id;
}

async function present(ctx: AppContext, item: Item, manager: boolean, covers?: Map<number, FileRow>): Promise<MeetingAnswer> {
  const s = meetingSettings(item.settings);
  const cover = s.cover ? (covers ?? (await coverFiles(ctx, [item]))).get(s.cover) : undefined;
  const { status, state } = meetingState(s);
  const dir = item.directoryId ? await directoryOf(ctx, item.courseId, item.directoryId).catch(() => null) : null;
  return {
    id: item.id,
    courseid: item.courseId,
    contenttype: T,
    title: item.title,
    name: item.title,
    description: s.description,
    start_time: s.start,
    end_time: s.end,
    link: item.link,
    meeting_no: s.meetingNo,
    ...presentCover(ctx, cover),
    dirid: item.directoryId ?? 0,
    directory: dir,
    status,
    state,
    videos: s.videos,
    createtime: seconds(item.createdAt),
    courserole: manager ? 1 : 0,
    ...(manager ? { statistics: await watchStatistics(ctx, item) } : {}),
  };
}

/** A meeting of the course, as any member may see it; anything else is "not found" alike. */
async function loadMeeting(ctx: AppContext, courseId: number, id: number) {
  const [item] = await ctx.db
    .select()
    .from(contents)
    .where(and(eq(contents.id, id), eq(contents.courseId, courseId), eq(contents.contenttype, T), isNull(contents.deletedAt)));
  if (!item) throw fail('notFound');
  return item;
}

/**
 * `addMeeting` (`/addActivity/conference`): a teacher's or assistant's new meeting, published at
 * once, with an optional cover (an image the caller uploaded). Everything is checked before the write.
 */
export async function addMeeting(ctx: AppContext, user: User, input: MeetingCreateInput) {
  const m = await requireManager(ctx, user, input.courseid);
  const dir = await directoryOf(ctx, m.course.id, input.dirid);
  const cover = await checkedCover(ctx, user, input.cover, 0);
  const [item] = await ctx.db
    .insert(contents)
    .values({
      courseId: m.course.id,
      authorId: user.id,
      contenttype: T,
      title: input.title,
      link: input.link,
      directoryId: dir?.id ?? null,
      publishState: PUBLISH_STATES.published,
      publishAt: new Date(),
      settings: {
        start: input.start_time,
        end: input.end_time,
        description: input.description,
        meetingNo: input.meeting_no,
        cover,
        videos: [],
      },
    })
    .returning();
  return present(ctx, item!, true);
}

/**
 * `editMeeting` (`/editConference`): the same checks as creating; the replays stay, and so does the
 * cover unless the edit names another (or 0 to remove it).
 */
export async function editMeeting(ctx: AppContext, user: User, input: MeetingEditInput) {
  const m = await requireManager(ctx, user, input.courseid);
  const item = await loadMeeting(ctx, m.course.id, input.id);
  const dir = await directoryOf(ctx, m.course.id, input.dirid);
  const kept = meetingSettings(item.settings);
  const cover = await checkedCover(ctx, user, input.cover, kept.cover);
  const [updated] = await ctx.db
    .update(contents)
    .set({
      title: input.title,
      link: input.link,
      directoryId: dir?.id ?? null,
      updatedAt: new Date(),
      settings: {
        ...kept,
        start: input.start_time,
        end: input.end_time,
        description: input.description,
        meetingNo: input.meeting_no,
        cover,
      },
    })
    .where(eq(contents.id, item.id))
    .returning();
  return present(ctx, updated!, true);
}

/** `getMeetingList` (`/conference`): the course's meetings, the latest start first, a page at a time. */
export async function listMeetings(ctx: AppContext, user: User, courseId: number, page: number) {
  const m = await courseRole(ctx, user, courseId);
  const where = and(eq(contents.courseId, courseId), eq(contents.contenttype, T), isNull(contents.deletedAt));
  const [total] = await ctx.db.select({ n: count() }).from(contents).where(where);
  const rows = await ctx.db
    .select()
    .from(contents)
    .where(where)
    .orderBy(desc(sql`(${contents.settings}->>'start')::bigint`), desc(contents.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const manager = managesContent(m.role);
  const covers = await coverFiles(ctx, rows);
  const list = [];
  for (const row of rows) list.push(await present(ctx, row, manager, covers));
  return { list, total: total?.n ?? 0, page, courserole: manager ? 1 : 0 };
}

/** `getMeetingDetail` (`/conferenceDetailPage`). */
export async function meetingDetail(ctx: AppContext, user: User, courseId: number, id: number) {
  const m = await courseRole(ctx, user, courseId);
  return present(ctx, await loadMeeting(ctx, courseId, id), managesContent(m.role));
}

/**
 * `joinMeeting` (`/conference/go`): the application link to open. A student's going counts as
 * joining while the meeting is in progress, as a visit afterwards (the statistics).
 */
export async function joinMeeting(ctx: AppContext, user: User, courseId: number, id: number) {
  const m = await courseRole(ctx, user, courseId);
  const item = await loadMeeting(ctx, courseId, id);
  const s = meetingSettings(item.settings);
  const status = meetingStatus(s);
  if (m.role === 'student' && status !== MEETING_STATUS.waiting)
    await recordVisit(ctx, item.id, user.id, status === MEETING_STATUS.inProgress, 0);
  return { link: item.link, meeting_no: s.meetingNo, status };
}

/** `getConductMeeting`: the course's meetings in progress now, and `is_meeting` (the course list's flag). */
export async function conductMeetings(ctx: AppContext, user: User, courseId: number) {
  const m = await courseRole(ctx, user, courseId);
  const rows = await ctx.db
    .select()
    .from(contents)
    .where(and(eq(contents.courseId, courseId), eq(contents.contenttype, T), isNull(contents.deletedAt), inMeetingItemSql));
  const manager = managesContent(m.role);
  const covers = await coverFiles(ctx, rows);
  const list = [];
  for (const row of rows) list.push(await present(ctx, row, manager, covers));
  return { is_meeting: list.length ? 1 : 0, list };
}

/** A meeting row in progress now: its start passed and its end not yet. */
export const inMeetingItemSql = sql`(${contents.settings}->>'start')::bigint <= extract(epoch from now()) and (${contents.settings}->>'end')::bigint >= extract(epoch from now())`;

/** `addMeetingVideo` (`/conference/videoList`): a replay the teacher adds; its name and address are required. */
export async function addMeetingVideo(
  ctx: AppContext,
  user: User,
  input: { courseid: number; id: number; title: string; url: string },
) {
  const m = await requireManager(ctx, user, input.courseid);
  const item = await loadMeeting(ctx, m.course.id, input.id);
  const video = {
    id: randomBytes(6).toString('hex'),
    title: input.title,
    url: input.url,
    createtime: Math.floor(Date.now() / 1000),
  };
  // appended in the database, so two teachers adding at once both keep theirs
  const [updated] = await ctx.db
    .update(contents)
    .set({
      settings: sql`jsonb_set(${contents.settings}, '{videos}', coalesce(${contents.settings}->'videos', '[]'::jsonb) || ${JSON.stringify([video])}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(eq(contents.id, item.id))
    .returning();
  return present(ctx, updated!, true);
}

/** `delMeetingVideo`: takes one replay out of the list. */
export async function deleteMeetingVideo(ctx: AppContext, user: User, input: { courseid: number; id: number; videoid: string }) {
  const m = await requireManager(ctx, user, input.courseid);
  const item = await loadMeeting(ctx, m.course.id, input.id);
  const s = meetingSettings(item.settings);
  if (!s.videos.some((v) => v.id === input.videoid)) throw fail('notFound');
  const [updated] = await ctx.db
    .update(contents)
    .set({
      settings: sql`jsonb_set(${contents.settings}, '{videos}', coalesce((select jsonb_agg(v) from jsonb_array_elements(${contents.settings}->'videos') v where v->>'id' <> ${input.videoid}), '[]'::jsonb))`,
      updatedAt: new Date(),
    })
    .where(eq(contents.id, item.id))
    .returning();
  return present(ctx, updated!, true);
}
