/** Shapes of the topic calls (`/Futurev2/Topic/*`, `/Futurev2/Comment/*`, docs/api.md). */

/** Whether students may start topics in a course (spec 2 §6: the teacher can forbid it). */
export interface TopicSetting {
  courseid: number;
  allowstudent: 0 | 1;
}

/** A comment, or a reply to one (then `replyid` is the comment it hangs under). */
export interface TopicComment {
  id: number;
  contentid: number;
  /** plain text */
  content: string;
  uid: number;
  username: string;
  avatar: string;
  /** epoch seconds */
  createtime: number;
  likes: number;
  isliked: 0 | 1;
  replyid: number;
  /** the person a reply answers; empty on a comment */
  reply_username: string;
  /** 1 the caller may delete it: its author, or a teacher of the course */
  candelete: 0 | 1;
  /** a comment's replies, oldest first; replies have none */
  replies?: TopicComment[];
}

/** `getCommentPage`: top-level comments newest first, each with its replies. */
export interface CommentPage {
  total: number;
  page: number;
  list: TopicComment[];
}

/** `like`: the like toggled. */
export interface LikeResult {
  id: number;
  isliked: 0 | 1;
  likes: number;
}
