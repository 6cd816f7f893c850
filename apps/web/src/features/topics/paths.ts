/** Addresses of the topic pages (spec 2 §2: /topicDetail and /addActivity/topic with courseId, courseRole). */

/** The course's topics, or one topic when `id` is given. */
export const topicPath = (courseId: number, courseRole: 0 | 1, id?: number) =>
  `/topicDetail?${id ? `id=${id}&` : ''}courseId=${courseId}&courseRole=${courseRole}`;

/** A new topic, or the topic `id` to edit. */
export const addTopicPath = (courseId: number, courseRole: 0 | 1, id?: number) =>
  `/addActivity/topic?courseId=${courseId}&courseRole=${courseRole}${id ? `&id=${id}` : ''}`;
