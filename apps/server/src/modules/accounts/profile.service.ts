import {
  AVATAR_MAX_BYTES,
  catalogueMajor,
  type EditUserInfoInput,
  enrollProblem,
  MAJOR_TYPES,
  profileTextProblem,
  USERTYPE_STUDENT,
  USERTYPE_TEACHER,
} from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, users } from '../../db/schema';
import { FILE_PATH_PREFIX } from '../../platform/addresses';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badField, fail } from '../../platform/errors';
import { hmac, safeEqual } from '../../platform/tokens';
import { inTransaction } from '../../platform/transaction';
import { heldCertifications, releaseCertifications } from '../institutions/institutions.service';
import { presentUser } from './presenters';

type UserChanges = Partial<
  Pick<
    User,
    'username' | 'stno' | 'school' | 'department' | 'classno' | 'grade' | 'enrolltime' | 'teachcourse' | 'majors' | 'usertype'
  >
>;

const isTeacher = (user: Pick<User, 'usertype'>) => user.usertype === USERTYPE_TEACHER;

/** Refuses a text field that breaks its rule, naming the field (40001). */
function checkText(field: Parameters<typeof profileTextProblem>[0], value: string, usertype: number, path: (string | number)[]) {
  const problem = profileTextProblem(field, value, usertype);
  if (problem) throw badField(problem, path);
  return value.trim();
}

/**
 * Checks every field sent against its rule (spec 1 §5) and the caller's user type (§6), and answers
 * the row changes: nothing is written until every field has passed.
 */
export function profileChanges(user: User, input: EditUserInfoInput): UserChanges {
  const t = user.usertype;
  const changes: UserChanges = {};
  const teacherOnly = (path: string) => {
    if (!isTeacher(user)) throw badField('validation.profileTeacherOnly', [path]);
  };
  const studentOnly = (path: string) => {
    if (isTeacher(user)) throw badField('validation.profileStudentOnly', [path]);
  };
  if (input.username !== undefined) changes.username = checkText('name', input.username, t, ['username']);
  if (input.stno !== undefined) changes.stno = checkText('stno', input.stno, t, ['stno']);
  if (input.school !== undefined) changes.school = checkText('school', input.school, t, ['school']);
  if (input.department !== undefined) changes.department = checkText('depart', input.department, t, ['department']);
  if (input.classno !== undefined) {
    studentOnly('classno');
    changes.classno = checkText('class', input.classno, t, ['classno']);
  }
  if (input.grade !== undefined) {
    studentOnly('grade');
    changes.grade = String(input.grade);
  }
  if (input.enrolltime !== undefined) {
    studentOnly('enrolltime');
    const problem = enrollProblem(input.enrolltime);
    if (problem) throw badField(problem, ['enrolltime']);
    changes.enrolltime = input.enrolltime;
  }
  if (input.teachcourse !== undefined) {
    teacherOnly('teachcourse');
    const list = input.teachcourse.map((c, i) => checkText('lesson', c, t, ['teachcourse', i]));
    changes.teachcourse = [...new Set(list)];
  }
  if (input.majors !== undefined) {
    teacherOnly('majors');
    const seen = new Set<string>();
    changes.majors = [];
    input.majors.forEach((m, i) => {
      let entry: { type: string; id: string; title: string };
      if (m.type === MAJOR_TYPES.manual) {
        entry = { type: m.type, id: '', title: checkText('majorTitle', m.title, t, ['majors', i, 'title']) };
      } else {
        // a catalogue major is named by the catalogue, whatever title was sent with its id
        const known = catalogueMajor(m.type, m.id);
        if (!known) throw badField('validation.profileMajorUnknown', ['majors', i, 'id']);
        entry = { type: m.type, id: known.id, title: known.zh };
      }
      const key = `${entry.type}|${entry.id}|${entry.title}`;
      if (!seen.has(key)) changes.majors!.push(entry);
      seen.add(key);
    });
  }
  return changes;
}

/** Whether the changes touch what a certification proved: the school, the number or the role. */
const changesIdentity = (user: User, c: UserChanges) =>
  (c.stno !== undefined && c.stno !== user.stno) ||
  (c.school !== undefined && c.school !== user.school) ||
  (c.usertype !== undefined && c.usertype !== user.usertype);

/**
 * Writes the changes in one transaction. A change of school, number or role on an account that is
 * certified (or waiting for it) needs `confirm` (else 30605 naming the institutions, nothing
 * written) and ends those certifications with it (decision 014). Every cached session of the user
 * is forgotten, and the row's change feed drops every kept answer showing the old values.
 */
async function applyChanges(ctx: AppContext, user: User, changes: UserChanges, confirm: boolean) {
  if (Object.keys(changes).length === 0) return presentUser(user);
  await inTransaction(ctx, async (tx) => {
    // one change of identity at a time per account, so the certification check holds at the write
    const [current] = await tx.db.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!current) throw fail('notLoggedIn');
    if (changesIdentity(current, changes)) {
      const held = await heldCertifications(tx.db as Db, user.id);
      if (held.length && !confirm) throw fail('endsCertification', { jigou: held.join('、') });
      if (held.length) await releaseCertifications(tx.db as Db, user.id);
    }
    await tx.db.update(users).set(changes).where(eq(users.id, user.id));
  });
  await ctx.sessions.forgetUser(user.id);
  const [fresh] = await ctx.db.select().from(users).where(eq(users.id, user.id));
  return presentUser(fresh!);
}

/** `/UserApi/editUserInfo`: changes the caller's profile fields (spec 1 §2 /infoModify). */
export async function editUserInfo(ctx: AppContext, user: User, input: EditUserInfoInput) {
  return applyChanges(ctx, user, profileChanges(user, input), input.confirm === 1);
}

/**
 * `/UserApi/changeUsertype` (spec 1 §4): a student becomes a teacher. Refused for a VIP student
 * (30801) and for a teacher asking to become a student (30802); asking for the role one has changes nothing.
 */
export async function changeUsertype(ctx: AppContext, user: User, usertype: number, confirm: boolean) {
  if (usertype === user.usertype) return presentUser(user);
  if (usertype === USERTYPE_STUDENT) throw fail('roleChangeRefused');
  if (user.isvip !== 0) throw fail('vipRoleLocked');
  return applyChanges(ctx, user, { usertype }, confirm);
}

const AVATAR_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);
const avatarSig = (secret: string, fileId: number) => hmac(secret, `avatar.${fileId}`);

/**
 * The address an avatar is shown under: signed for the file once (not per viewer, not expiring) so
 * every list that shows the person can carry it; it opens only while the file is its owner's avatar.
 */
export const avatarPath = (secret: string, fileId: number) =>
  `${FILE_PATH_PREFIX}avatar?id=${fileId}&sig=${avatarSig(secret, fileId)}`;

/**
 * `/UserApi/updateAvatar`: makes an image the caller uploaded their avatar (spec 1 §5: an image of
 * at most 5 MB). Another user's file answers as missing (40004).
 */
export async function updateAvatar(ctx: AppContext, user: User, fileId: number) {
  const [file] = await ctx.db.select().from(files).where(eq(files.id, fileId));
  if (!file || file.ownerId !== user.id) throw fail('notFound');
  if (!AVATAR_TYPES.has(file.mime)) throw fail('notAnImage');
  if (file.size > AVATAR_MAX_BYTES) throw new AppError('tooLarge', 'errors.imageTooLarge');
  await ctx.db
    .update(users)
    .set({ avatar: avatarPath(ctx.secret, file.id) })
    .where(eq(users.id, user.id));
  await ctx.sessions.forgetUser(user.id);
  const [fresh] = await ctx.db.select().from(users).where(eq(users.id, user.id));
  return presentUser(fresh!);
}

/** The avatar file an address opens, or undefined: a genuine signature of a file that is still its owner's avatar. */
export async function avatarFile(ctx: AppContext, fileId: number, sig: string) {
  if (!safeEqual(sig, avatarSig(ctx.secret, fileId))) return undefined;
  const [row] = await ctx.db
    .select({ file: files, avatar: users.avatar })
    .from(files)
    .innerJoin(users, eq(users.id, files.ownerId))
    .where(eq(files.id, fileId));
  if (!row || row.avatar !== avatarPath(ctx.secret, fileId) || !AVATAR_TYPES.has(row.file.mime)) return undefined;
  return row.file;
}

/**
 * `/UserApi/setNotify`: the message-notice switches notify1-4 (those not sent stay). The switches
 * are read under a row lock, not from the caller's cached session, so two switches flipped at once
 * both stay flipped.
 */
export async function setNotify(
  ctx: AppContext,
  user: User,
  input: Partial<Record<'notify1' | 'notify2' | 'notify3' | 'notify4', 0 | 1>>,
) {
  await inTransaction(ctx, async (tx) => {
    const [current] = await tx.db.select({ notify: users.notify }).from(users).where(eq(users.id, user.id)).for('update');
    if (!current) throw fail('notLoggedIn');
    const next = [input.notify1, input.notify2, input.notify3, input.notify4].map((v, i) => v ?? current.notify[i] ?? 1) as [
      number,
      number,
      number,
      number,
    ];
    await tx.db.update(users).set({ notify: next }).where(eq(users.id, user.id));
  });
  await ctx.sessions.forgetUser(user.id);
  const [fresh] = await ctx.db.select().from(users).where(eq(users.id, user.id));
  return presentUser(fresh!);
}
