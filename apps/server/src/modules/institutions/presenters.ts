import type { attestClaims, institutionPeople, teachClasses } from '../../db/schema';

/** spec 1 §3 Certified institution: jigouid, jigou, realname, realstno. */
export function presentCertification(c: { id: number; name: string; person: typeof institutionPeople.$inferSelect }) {
  return { jigouid: c.id, jigou: c.name, realname: c.person.realname, realstno: c.person.realstno };
}

/** spec 1 §3 Scheduled course: classid is the bound course, 0 while unbound; `bindname` is its name (ours). */
export function presentTeachClass(tc: typeof teachClasses.$inferSelect, jigou: string, bindname = '') {
  return {
    id: tc.id,
    classid: tc.courseId ?? 0,
    teachClass: tc.teachClass,
    semester: tc.semester,
    term: tc.term,
    classname: tc.classname,
    coursename: tc.coursename,
    jigouid: tc.institutionId,
    jigou,
    bindname,
  };
}

/** A claim waiting for the operator (state 0) or refused (2), as its caller sees it. */
export function presentClaim(claim: typeof attestClaims.$inferSelect, jigou: string) {
  return {
    id: claim.id,
    jigouid: claim.institutionId,
    jigou,
    realname: claim.realname,
    realstno: claim.realstno,
    state: claim.state === 2 ? (2 as const) : (0 as const),
    createtime: Math.floor(claim.createdAt.getTime() / 1000),
  };
}
