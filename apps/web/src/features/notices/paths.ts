/** Addresses of the notice pages (spec 2 §2: /noticeDetail and /addActivity/notice with courseId, courseRole). */

/** The course's notices, or one notice when `id` is given. */
export const noticePath = (courseId: number, courseRole: 0 | 1, id?: number) =>
  `/noticeDetail?${id ? `id=${id}&` : ''}courseId=${courseId}&courseRole=${courseRole}`;

/** A new notice, or the notice `id` to edit. */
export const addNoticePath = (courseId: number, courseRole: 0 | 1, id?: number) =>
  `/addActivity/notice?courseId=${courseId}&courseRole=${courseRole}${id ? `&id=${id}` : ''}`;
