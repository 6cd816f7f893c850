import {
  CONTENT_TYPES,
  type cancelShareAnswer,
  GRADE_MAX,
  type gradeAnswer,
  type gradeInput,
  HOMEWORK_ANSWER_HTML_MAX,
  HOMEWORK_ANSWER_TEXT_MAX,
  HOMEWORK_ANSWER_TYPES,
  HOMEWORK_SUBMITTED_CMD,
  type ownerPageAnswer,
  type repulseInput,
  SUBMISSION_FILTERS,
  SUBMISSION_STATES,
  SUBMISSION_STATUS,
  type shareAnswer,
  type shareInput,
  type submissionListInput,
  type submitInput,
  type workHistoryAnswer,
} from '@paiclass/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { courses, files, groups, homeworkCalls, homeworks, submissions, submissionVersions, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badField, badInput, fail } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { inTransaction } from '../../platform/transaction';
import { rooms } from '../../realtime/rooms';
import { markDone } from '../content/content.service';
import { hasContent, plainText, presentRichText, referencedFileIds, sanitizeRichText } from '../content/rich-text';
import { queueConversions } from '../files/convert';
import { createNotices, tellCourseStaff } from '../notices/notices.service';
import { tellClassmateViewers } from './classmates.service';
import { queueDupCheck } from './dupcheck/dupcheck.service';
import { isOvertime, submissionState, submits, takesSubmission } from './homework.policy';
import {
  expectedOwners,
  filesById,
  type HomeworkItem,
  loadHomework,
  membersOf,
  ownerOf,
  ownSubmission,
  pickFiles,
  presentSubmission,
  presentSubmissions,
  recordSubmissionMembers,
  requireGrader,
} from './homework.queries';
import { scheduleAssignment, settleReviewScores } from './reviews.service';

type Submission = typeof submissions.$inferSelect;

/** Tells students about their homework (expedited, returned, scored), each in their own language. */
async function tell(
  ctx: AppContext,
  item: HomeworkItem,
  userIds: number[],
  key: string,
  action: string,
  params: Record<string, string> = {},
) {
  if (userIds.length === 0) return;
  const [course] = await ctx.db.select({ name: courses.coursename }).from(courses).where(eq(courses.id, item.courseId));
  const people = await ctx.db.select({ id: users.id, lang: users.lang }).from(users).where(inArray(users.id, userIds));
  await createNotices(
    ctx,
    people.map((p) => {
      const lang = p.lang === 'en' ? 'en' : 'zh';
      return {
        userId: p.id,
        courseId: item.courseId,
        courseRole: 0,
        contenttype: CONTENT_TYPES.homework,
        contentId: item.id,
        action,
        title: translate(lang, key, { course: course?.name ?? '', title: item.title, ...params }),
        activitylabel: translate(lang, 'content.type.4'),
      };
    }),
  );
}

/** The students submissions belong to: their recorded members (the group as it was when submitted). */
async function studentsOf(ctx: AppContext, rows: Submission[]) {
  const members = await membersOf(
    ctx,
    rows.map((s) => s.id),
  );
  return [...new Set(rows.flatMap((s) => (members.get(s.id) ?? []).map((m) => m.uid)))];
}

/**
 * What a submission carries, checked against the homework's answer type (issue 12, item 4) before
 * anything is written: attachments only (the spec's rule: at least one attachment, no written
 * answer), text only (a written answer, no attachments) or either (at least one of the two). The
 * text is sanitised with the shared allow-list; its pictures must be the caller's files or already
 * in the work being replaced. Answers the sanitised text ('' when none). Writes nothing.
 */
async function checkAnswer(
  ctx: AppContext,
  user: User,
  answerType: number,
  input: { content: string; fileids: number[] },
  kept: string,
) {
  const attached = input.fileids;
  const referenced = referencedFileIds(input.content);
  const own = new Set(
    (
      await ctx.db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.ownerId, user.id), inArray(files.id, [...attached, ...referenced, 0])))
    ).map((r) => r.id),
  );
  const sanitised = sanitizeRichText(input.content, new Set([...own, ...referencedFileIds(kept)]), Number.POSITIVE_INFINITY);
  const written = hasContent(sanitised);
  if (answerType === HOMEWORK_ANSWER_TYPES.attachment) {
    if (attached.length === 0) throw badField('validation.homeworkAttachmentRequired', ['fileids']);
    if (written) throw badField('validation.answerTextForbidden', ['content']);
  } else if (answerType === HOMEWORK_ANSWER_TYPES.text) {
    if (attached.length > 0) throw badField('validation.answerAttachmentForbidden', ['fileids']);
    if (!written) throw badField('validation.answerTextRequired', ['content']);
  } else if (!written && attached.length === 0) {
    throw badField('validation.answerOrAttachment', ['content']);
  }
  if (written && (plainText(sanitised).length > HOMEWORK_ANSWER_TEXT_MAX || sanitised.length > HOMEWORK_ANSWER_HTML_MAX)) {
    // the message names the written answer and says the limit
    throw new AppError('badInput', 'validation.answerLength', { max: HOMEWORK_ANSWER_TEXT_MAX });
  }
  if (attached.some((id) => !own.has(id))) throw badInput('validation.fileNotYours');
  return written ? sanitised : '';
}

/**
 * `/HomeworkApi/stuWorkSubmit`: the work as the homework's answer type asks (see `checkAnswer`; a
 * message alone is never work). A resubmission replaces the files and the text and resets the time;
 * after the deadline it is marked overtime, and it is refused unless late work is allowed or the
 * teacher returned it. Graded work is final.
 */
export async function submit(ctx: AppContext, user: User, input: z.infer<typeof submitInput>) {
  const { item, hw, m } = await loadHomework(ctx, user, input.courseid, input.id);
  if (!submits(m.role)) throw fail('forbidden');
  const owner = await ownerOf(ctx, hw, user.id);
  // the pictures of the text being replaced (a group mate's, say) may stay in the new one
  const [before] = owner
    ? await ctx.db
        .select({ answer: submissions.answer })
        .from(submissions)
        .where(and(eq(submissions.contentId, item.id), eq(submissions.owner, owner.owner)))
    : [];
  const answer = await checkAnswer(ctx, user, hw.answerType, input, before?.answer ?? '');
  if (!owner) throw fail('notInGroup');
  const deadline = { endAt: item.endAt, allowLate: hw.allowLate };

  // the submission, its owners and version, the done marks and the queued checks and conversions
  // commit together: a failure anywhere leaves nothing half-submitted
  const saved = await inTransaction(ctx, async (t) => {
    const tx = t.db;
    const current = () =>
      tx
        .select()
        .from(submissions)
        .where(and(eq(submissions.contentId, item.id), eq(submissions.owner, owner.owner)))
        .for('update');
    let [existing] = await current();
    const now = new Date();
    const values = {
      userId: user.id,
      message: input.message,
      answer,
      fileIds: input.fileids,
      submittedAt: now,
      overtime: isOvertime(deadline, now.getTime()),
      status: SUBMISSION_STATUS.submitted,
      returnReason: '',
    };
    let row: Submission | undefined;
    if (!existing) {
      if (!takesSubmission(deadline, false)) throw fail('homeworkClosed');
      // two first submissions at once: the second finds the first's row here (the insert waits for
      // its commit) and goes on as a resubmission, under the same rules, instead of failing
      [row] = await tx
        .insert(submissions)
        .values({ ...values, contentId: item.id, owner: owner.owner, groupId: owner.groupId })
        .onConflictDoNothing({ target: [submissions.contentId, submissions.owner] })
        .returning();
      if (!row) [existing] = await current();
    }
    if (!row) {
      if (!existing) throw new Error('submission neither inserted nor found');
      if (existing.status === SUBMISSION_STATUS.graded) throw fail('alreadyGraded');
      if (!takesSubmission(deadline, existing.status === SUBMISSION_STATUS.returned)) throw fail('homeworkClosed');
      [row] = await tx
        .update(submissions)
        .set({ ...values, version: existing.version + 1 })
        .where(eq(submissions.id, existing.id))
        .returning();
    }
    // the work belongs to the owner's members as they are now, whoever joins or leaves later
    await recordSubmissionMembers(tx, row!.id, owner.members);
    await tx.insert(submissionVersions).values({
      submissionId: row!.id,
      version: row!.version,
      userId: user.id,
      message: input.message,
      answer,
      fileIds: input.fileids,
      submittedAt: now,
      overtime: row!.overtime,
    });
    for (const uid of owner.members) await markDone(t, uid, item.id);
    if (hw.dupCheck) await queueDupCheck(t, item.id);
    // office files open in the browser through their converted PDF
    await queueConversions(t, input.fileids);
    // work arriving after the deadline still gets reviewers
    if (hw.type === 3 && row!.overtime) await scheduleAssignment(t, item.id, new Date());
    // the teacher and assistants hear of it in the same commit; work handed in again after a return says so
    const key = !existing
      ? 'notices.workSubmitted'
      : existing.status === SUBMISSION_STATUS.returned
        ? 'notices.workResubmittedAfterReturn'
        : 'notices.workResubmitted';
    await tellCourseStaff(t, item.courseId, (lang) => ({
      contenttype: CONTENT_TYPES.homework,
      contentId: item.id,
      action: !existing
        ? 'work_submit'
        : existing.status === SUBMISSION_STATUS.returned
          ? 'work_resubmit_returned'
          : 'work_resubmit',
      title: translate(lang, key, { course: m.course.coursename, name: user.username, title: item.title }),
      activitylabel: translate(lang, 'content.type.4'),
      fromName: user.username,
    }));
    // the teacher's lists count the work handed in without a reload (issue 25); sent after the commit
    await t.realtime.publish(rooms.courseStaff(item.courseId), HOMEWORK_SUBMITTED_CMD, {
      courseid: item.courseId,
      homeworkid: item.id,
    });
    // VIP classmates who watch this homework's work read it again (decision 051)
    await tellClassmateViewers(t, item, hw, owner.members);
    return row!;
  });
  return presentSubmission(ctx, saved, false);
}

/** `/HomeworkApi/stuWorkHistory`: every version of a submission, newest first (a student: their own). */
export async function history(
  ctx: AppContext,
  user: User,
  courseId: number,
  id: number,
  sid: number,
): Promise<z.output<typeof workHistoryAnswer>> {
  const { hw, m, item } = await loadHomework(ctx, user, courseId, id);
  let submission: Submission | undefined;
  if (submits(m.role)) {
    submission = await ownSubmission(ctx, item.id, user.id, (await ownerOf(ctx, hw, user.id))?.owner);
  } else {
    [submission] = await ctx.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.id, sid), eq(submissions.contentId, item.id)));
  }
  if (!submission) return { list: [] };
  const versions = await ctx.db
    .select({ v: submissionVersions, username: users.username })
    .from(submissionVersions)
    .leftJoin(users, eq(users.id, submissionVersions.userId))
    .where(eq(submissionVersions.submissionId, submission.id))
    .orderBy(desc(submissionVersions.version));
  const found = await filesById(
    ctx,
    versions.flatMap(({ v }) => v.fileIds),
  );
  return {
    list: versions.map(({ v, username }) => ({
      version: v.version,
      uid: v.userId ?? 0,
      username: username ?? '',
      message: v.message,
      content: presentRichText(ctx.secret, v.answer),
      attachment: pickFiles(found, v.fileIds),
      submittime: Math.floor(v.submittedAt.getTime() / 1000),
      overtime: v.overtime ? 1 : 0,
    })),
  };
}

/** Which filter a row (an owner and their submission, if any) passes (spec 2 §4 homework states). */
function passes(filter: number, s: Submission | undefined, called: boolean) {
  const state = submissionState(s);
  switch (filter) {
    case SUBMISSION_FILTERS.notSubmitted:
      return state === SUBMISSION_STATES.notSubmitted;
    case SUBMISSION_FILTERS.submitted:
      return state === SUBMISSION_STATES.submitted || state === SUBMISSION_STATES.late;
    case SUBMISSION_FILTERS.overtime:
      return state === SUBMISSION_STATES.late || Boolean(s?.overtime && state > SUBMISSION_STATES.late);
    case SUBMISSION_FILTERS.returned:
      return state === SUBMISSION_STATES.returned;
    case SUBMISSION_FILTERS.correctedUnpublished:
      return state === SUBMISSION_STATES.gradedUnpublished;
    case SUBMISSION_FILTERS.corrected:
      return state === SUBMISSION_STATES.graded;
    case SUBMISSION_FILTERS.shared:
      return s?.shared === 1;
    case SUBMISSION_FILTERS.expedited:
      return state === SUBMISSION_STATES.notSubmitted && called;
    default:
      return true;
  }
}

/**
 * `/HomeworkApi/stuUserList` (and `/homework/filter`): every student (or group) with their
 * submission and state, filtered (0 all … 8 expedited), a page at a time; with the ids of every
 * submission the filtered list holds, in its order, for the grading page's previous and next.
 */
export async function listSubmissions(
  ctx: AppContext,
  user: User,
  input: z.infer<typeof submissionListInput>,
): Promise<z.output<typeof ownerPageAnswer>> {
  const { item, hw } = await requireGrader(ctx, user, input.courseid, input.id);
  const expected = await expectedOwners(ctx, item, hw);
  const rows = await ctx.db.select().from(submissions).where(eq(submissions.contentId, item.id));
  // a submitted owner is listed with the members it was submitted for; a group that has emptied
  // since it submitted is still listed, so that its work can be graded
  const recorded = await membersOf(
    ctx,
    rows.map((r) => r.id),
  );
  const emptied = hw.type === 2 ? rows.filter((r) => r.groupId && !expected.some((o) => o.owner === r.owner)) : [];
  const emptiedNames = emptied.length
    ? await ctx.db
        .select({ id: groups.id, name: groups.name })
        .from(groups)
        .where(
          inArray(
            groups.id,
            emptied.map((r) => r.groupId!),
          ),
        )
    : [];
  const owners = [
    ...expected,
    ...emptied.map((r) => ({ owner: r.owner, name: emptiedNames.find((g) => g.id === r.groupId)?.name ?? '', members: [] })),
  ].map((o) => {
    const s = rows.find((r) => r.owner === o.owner);
    return s && recorded.has(s.id) ? { ...o, members: recorded.get(s.id)! } : o;
  });
  const calls = await ctx.db
    .select({ userId: homeworkCalls.userId })
    .from(homeworkCalls)
    .where(eq(homeworkCalls.contentId, item.id));
  const called = new Set(calls.map((c) => c.userId));
  const matched = owners.flatMap((o) => {
    const s = rows.find((r) => r.owner === o.owner);
    const wasCalled = o.members.some((mem) => called.has(mem.uid));
    return passes(input.filter, s, wasCalled) ? [{ o, s, wasCalled }] : [];
  });
  const page = matched.slice((input.page - 1) * input.limit, input.page * input.limit);
  // the page's submissions are shaped together: a fixed number of queries whatever the page size
  const shown = await presentSubmissions(
    ctx,
    page.flatMap(({ s }) => (s ? [s] : [])),
    true,
  );
  const bySid = new Map(shown.map((x) => [x.sid, x]));
  return {
    total: matched.length,
    page: input.page,
    sids: matched.flatMap(({ s }) => (s ? [s.id] : [])),
    list: page.map(({ o, s, wasCalled }) => ({
      owner: o.owner,
      name: o.name,
      members: o.members,
      state: submissionState(s),
      called: wasCalled && !s ? 1 : 0,
      submission: s ? bySid.get(s.id)! : null,
    })),
  };
}

/** `/HomeworkApi/stuWorkDetail`: one submission with its files, for the teacher. */
export async function submissionDetail(ctx: AppContext, user: User, courseId: number, id: number, sid: number) {
  const { item } = await requireGrader(ctx, user, courseId, id);
  const [s] = await ctx.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.id, sid), eq(submissions.contentId, item.id)));
  if (!s) throw fail('notFound');
  return presentSubmission(ctx, s, true);
}

/** Submissions of this homework by id; any id that is not one of them refuses the whole call. */
async function selected(ctx: AppContext, item: HomeworkItem, sids: number[]) {
  if (sids.length === 0) throw badInput('validation.selectOne');
  const rows = await ctx.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.contentId, item.id), inArray(submissions.id, sids)));
  if (rows.length !== new Set(sids).size) throw fail('notFound');
  return rows;
}

/**
 * `/HomeworkApi/correct` (one or a batch): a score (required, at most the full score and at most
 * 100) and a comment. Published at once when the homework's scores are already published.
 */
export async function grade(
  ctx: AppContext,
  user: User,
  input: z.infer<typeof gradeInput>,
): Promise<z.output<typeof gradeAnswer>> {
  const { item, hw } = await requireGrader(ctx, user, input.courseid, input.id);
  const full = Math.min(hw.fullScore, GRADE_MAX);
  if (input.score > full) throw new AppError('badInput', 'validation.gradeOverFull', { full });
  const rows = await selected(ctx, item, input.sids);
  if (rows.some((r) => r.status === SUBMISSION_STATUS.returned)) throw fail('notSubmitted');
  const score = Math.round(input.score * 10) / 10;
  // the grades and the notices of them commit together
  await inTransaction(ctx, async (t) => {
    await t.db
      .update(submissions)
      .set({
        status: SUBMISSION_STATUS.graded,
        score,
        comment: input.comment,
        gradedAt: new Date(),
        scorePublished: hw.scoresPublished,
      })
      .where(
        inArray(
          submissions.id,
          rows.map((r) => r.id),
        ),
      );
    if (hw.scoresPublished) await tell(t, item, await studentsOf(t, rows), 'notices.homeworkScored', 'homework_scored');
  });
  return { count: rows.length, score, published: hw.scoresPublished ? 1 : 0 };
}

/** `/HomeworkApi/repulse` (one or a batch): back to the student for resubmission, with a reason. */
export async function repulse(ctx: AppContext, user: User, input: z.infer<typeof repulseInput>) {
  const { item } = await requireGrader(ctx, user, input.courseid, input.id);
  const rows = await selected(ctx, item, input.sids);
  // returned, and told so, together
  await inTransaction(ctx, async (t) => {
    await t.db
      .update(submissions)
      .set({
        status: SUBMISSION_STATUS.returned,
        returnReason: input.reason,
        score: null,
        comment: '',
        gradedAt: null,
        scorePublished: false,
      })
      .where(
        inArray(
          submissions.id,
          rows.map((r) => r.id),
        ),
      );
    await tell(t, item, await studentsOf(t, rows), 'notices.homeworkReturned', 'homework_returned', {
      reason: input.reason,
    });
  });
  return { count: rows.length };
}

/** `/HomeworkApi/publishScore`: every graded submission's score reaches its students; later grades follow at once. */
export async function publishScores(ctx: AppContext, user: User, courseId: number, id: number) {
  const { item, hw } = await requireGrader(ctx, user, courseId, id);
  // the settled peer scores, the homework's flag, its submissions and the students' notices are
  // written together or not at all; the notices reach sockets after the commit
  const rows = await inTransaction(ctx, async (tx) => {
    if (hw.type === 3) await settleReviewScores(tx.db, item.id, hw.scoreMode);
    await tx.db.update(homeworks).set({ scoresPublished: true }).where(eq(homeworks.contentId, item.id));
    const published = await tx.db
      .update(submissions)
      .set({ scorePublished: true })
      .where(
        and(
          eq(submissions.contentId, item.id),
          eq(submissions.status, SUBMISSION_STATUS.graded),
          eq(submissions.scorePublished, false),
        ),
      )
      .returning();
    await tell(tx, item, await studentsOf(tx, published), 'notices.homeworkScored', 'homework_scored');
    return published;
  });
  return { count: rows.length };
}

/** `/HomeworkApi/share` and `cancelShare`: an excellent submission shown to the class, with a reason. */
export async function share(
  ctx: AppContext,
  user: User,
  input: z.infer<typeof shareInput>,
): Promise<z.output<typeof shareAnswer>> {
  const { item } = await requireGrader(ctx, user, input.courseid, input.id);
  const [s] = await selected(ctx, item, [input.sid]);
  if (s!.status === SUBMISSION_STATUS.returned) throw fail('notSubmitted');
  await ctx.db.update(submissions).set({ shared: 1, shareReason: input.reason }).where(eq(submissions.id, s!.id));
  return { sid: s!.id, shared: 1 };
}

export async function cancelShare(
  ctx: AppContext,
  user: User,
  courseId: number,
  id: number,
  sid: number,
): Promise<z.output<typeof cancelShareAnswer>> {
  const { item } = await requireGrader(ctx, user, courseId, id);
  const [s] = await selected(ctx, item, [sid]);
  if (s!.shared !== 1) throw fail('notFound');
  await ctx.db.update(submissions).set({ shared: 2 }).where(eq(submissions.id, s!.id));
  return { sid: s!.id, shared: 2 };
}

/** `/HomeworkApi/stuWorkShareList`: the submissions the teacher shared, for the whole class. */
export async function shareList(ctx: AppContext, user: User, courseId: number, id: number) {
  const { item, m } = await loadHomework(ctx, user, courseId, id);
  const rows = await ctx.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.contentId, item.id), eq(submissions.shared, 1)))
    .orderBy(desc(submissions.gradedAt));
  if (!submits(m.role)) return { list: await presentSubmissions(ctx, rows, true) };
  // classmates see the shared work and the reason; its score, comment and student number stay with its owners
  const owners = await membersOf(
    ctx,
    rows.map((r) => r.id),
  );
  const mine = (s: Submission) => (owners.get(s.id) ?? []).some((o) => o.uid === user.id);
  const shown = await presentSubmissions(ctx, rows, false);
  return { list: shown.map((x, i) => (mine(rows[i]!) ? x : { ...x, score: null, comment: '', stno: '' })) };
}

/**
 * `/HomeworkApi/call` (expedite): reminds the students who have not submitted (all of them, or
 * those named), each with a message notice.
 */
export async function call(ctx: AppContext, user: User, courseId: number, id: number, uids: number[]) {
  const { item, hw } = await requireGrader(ctx, user, courseId, id);
  const owners = await expectedOwners(ctx, item, hw);
  const rows = await ctx.db.select({ owner: submissions.owner }).from(submissions).where(eq(submissions.contentId, item.id));
  const done = new Set(rows.map((r) => r.owner));
  const missing = owners.filter((o) => !done.has(o.owner)).flatMap((o) => o.members.map((mem) => mem.uid));
  const targets = uids.length ? missing.filter((u) => uids.includes(u)) : missing;
  if (targets.length === 0) throw badInput('validation.selectOne');
  // the reminder is recorded only with its notices
  await inTransaction(ctx, async (t) => {
    await t.db
      .insert(homeworkCalls)
      .values([...new Set(targets)].map((userId) => ({ contentId: item.id, userId })))
      .onConflictDoUpdate({ target: [homeworkCalls.contentId, homeworkCalls.userId], set: { calledAt: new Date() } });
    await tell(t, item, targets, 'notices.homeworkCall', 'homework_call');
  });
  return { count: targets.length };
}
