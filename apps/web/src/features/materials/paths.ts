import { CONTENT_TYPES, MATERIAL_FAMILY } from '@paiclass/shared';
/** Addresses of the materials and catalogue pages, and of each item's own page (spec 2 §2). */

export type Role = 0 | 1;

const q = (courseId: number, role: Role) => `courseId=${courseId}&courseRole=${role}`;

/** The materials list (type 2 lists the family 2, 8, 9, 10); with `id`, one material opened. */
export const dataIndexPath = (courseId: number, role: Role, id?: number) =>
  `/dataIndex?type=2&${q(courseId, role)}${id ? `&id=${id}` : ''}`;
/** The upload form: 2 files, 9 MOOC video, 10 external link. */
export const addDataPath = (courseId: number, dataType: 2 | 9 | 10) => `/addActivity/data?${q(courseId, 1)}&dataType=${dataType}`;
export const foldersPath = (courseId: number, role: Role) => `/folders?${q(courseId, role)}`;
export const directoryPath = (courseId: number) => `/addActivity/directory?${q(courseId, 1)}`;

/** The materials family shares one list and one viewer (spec 2 §3). */
export const MATERIAL_TYPES: readonly number[] = MATERIAL_FAMILY;
export const isMaterial = (contenttype: number) => MATERIAL_TYPES.includes(contenttype);

/** The page of an item in the catalogue, or null where that kind has no page yet. */
export function itemPath(item: { id: number; contenttype: number }, courseId: number, role: Role): string | null {
  if (isMaterial(item.contenttype)) return dataIndexPath(courseId, role, item.id);
  if (item.contenttype === CONTENT_TYPES.announcement) return `/noticeDetail?id=${item.id}&${q(courseId, role)}`;
  if (item.contenttype === CONTENT_TYPES.topic) return `/topicDetail?id=${item.id}&${q(courseId, role)}`;
  if (item.contenttype === CONTENT_TYPES.homework) return `/homework?id=${item.id}&${q(courseId, role)}`;
  if (item.contenttype === CONTENT_TYPES.courseware)
    return `${role ? '/courseware/detail' : '/courseware/startLearning'}?${q(courseId, role)}&id=${item.id}`;
  // issue 25: tests and interactive answers open from the catalogue too (teacherTestPaths.settings,
  // studentExamPaths.details, interactPaths.detail)
  if (item.contenttype === CONTENT_TYPES.test)
    return role
      ? `/testing/settings?${q(courseId, role)}&id=${item.id}`
      : `/testing/stu/detail?${q(courseId, role)}&testpaperid=${item.id}`;
  if (item.contenttype === CONTENT_TYPES.interactiveAnswer)
    return `${role ? '/InteractiveAnswers/detailTeacher' : '/InteractiveAnswers/detail'}?${q(courseId, role)}&id=${item.id}`;
  if (item.contenttype === CONTENT_TYPES.live) return `/onlineLive?${q(courseId, role)}&id=${item.id}`;
  return null;
}
