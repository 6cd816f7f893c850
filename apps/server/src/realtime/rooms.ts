/**
 * The rooms of the realtime channels. A socket is always in its user's room; it joins a course's rooms
 * when it says it has the course open (`AttendClass.setActive`), the staff room only as the course's
 * teacher or assistant, and the class time's room while that class time belongs to the course.
 */
export const rooms = {
  user: (userId: number) => `user:${userId}`,
  course: (courseId: number) => `course:${courseId}`,
  /** the teacher and assistants of a course: who checked in, with risk flags; what students must not see */
  courseStaff: (courseId: number) => `course-staff:${courseId}`,
  classTime: (classTimeId: number) => `classtime:${classTimeId}`,
  /** a user's chat socket (realtime/chat.gateway.ts): each message of their groups, in the chat envelope */
  chat: (userId: number) => `chat:${userId}`,
};
