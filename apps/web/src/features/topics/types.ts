import type {
  commentAnswer,
  commentLikeAnswer,
  commentPageAnswer,
  commentReplyAnswer,
  topicSettingAnswer,
} from '@paiclass/shared';
import type { z } from 'zod';

/** Shapes of the topic calls (`/Futurev2/Topic/*`, `/Futurev2/Comment/*`, docs/api.md), from the server's answer schemas. */

/** Whether students may start topics in a course (spec 2 §6: the teacher can forbid it). */
export type TopicSetting = z.output<typeof topicSettingAnswer>;

/** A comment with its replies (oldest first), or a reply (then `replyid` is the comment it hangs under; no `replies`). */
export type TopicComment = z.output<typeof commentReplyAnswer> & Partial<Pick<z.output<typeof commentAnswer>, 'replies'>>;

/** `getCommentPage`: top-level comments newest first, each with its replies. */
export type CommentPage = z.output<typeof commentPageAnswer>;

/** `like`: the like toggled. */
export type LikeResult = z.output<typeof commentLikeAnswer>;
