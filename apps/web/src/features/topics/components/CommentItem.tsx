import { DeleteOutline, LikeOutline, MessageOutline } from 'antd-mobile-icons';
import { UserAvatar } from '../../../components/UserAvatar';
import { useTranslation } from '../../../lib/translations';
import { formatTime } from '../../courses/pages/EnrollReviewPage';
import type { TopicComment } from '../types';

export interface CommentActions {
  onLike: (comment: TopicComment) => void;
  onReply: (comment: TopicComment) => void;
  onDelete: (comment: TopicComment) => void;
  /** the comment whose like is on its way */
  liking: number | null;
}

/** Like (with its count), reply and, where allowed, delete: under every comment and reply. */
function Actions({ comment, actions, canReply }: { comment: TopicComment; actions: CommentActions; canReply: boolean }) {
  const { t } = useTranslation();
  const liked = Number(comment.isliked) === 1;
  return (
    <div className="comment-actions">
      <button
        type="button"
        className={`comment-action comment-like${liked ? ' is-liked' : ''}`}
        aria-pressed={liked}
        aria-label={liked ? t('topics.comments.unlike') : t('topics.comments.like')}
        disabled={actions.liking === comment.id}
        onClick={() => actions.onLike(comment)}
        data-testid="comment-like"
      >
        <LikeOutline />
        <span data-testid="comment-likes">{Number(comment.likes)}</span>
      </button>
      {canReply ? (
        <button type="button" className="comment-action" onClick={() => actions.onReply(comment)} data-testid="comment-reply">
          <MessageOutline />
          <span>{t('topics.comments.reply')}</span>
        </button>
      ) : null}
      {Number(comment.candelete) === 1 ? (
        <button
          type="button"
          className="comment-action comment-delete"
          onClick={() => actions.onDelete(comment)}
          data-testid="comment-delete"
        >
          <DeleteOutline />
          <span>{t('topics.comments.delete')}</span>
        </button>
      ) : null}
    </div>
  );
}

/** A comment with its replies: who, when, what, and its actions. `<li data-testid="comment" data-id>`. */
export function CommentItem({
  comment,
  actions,
  canReply,
}: {
  comment: TopicComment;
  actions: CommentActions;
  canReply: boolean;
}) {
  const { t } = useTranslation();
  const replies = comment.replies ?? [];
  return (
    <li className="comment" data-testid="comment" data-id={comment.id}>
      <UserAvatar name={comment.username} src={comment.avatar || undefined} size={36} testid="comment-avatar" />
      <div className="comment-main">
        <div className="comment-head">
          <span className="comment-name" data-testid="comment-name">
            {comment.username}
          </span>
          <span className="comment-time">{formatTime(Number(comment.createtime))}</span>
        </div>
        <p className="comment-text" data-testid="comment-text">
          {comment.content}
        </p>
        <Actions comment={comment} actions={actions} canReply={canReply} />
        {replies.length > 0 ? (
          <ul className="comment-replies" data-testid="comment-replies">
            {replies.map((reply) => (
              <li key={reply.id} className="reply" data-testid="reply" data-id={reply.id}>
                <p className="reply-text">
                  <span className="comment-name" data-testid="reply-name">
                    {reply.username}
                  </span>
                  {reply.reply_username ? (
                    <>
                      <span className="reply-to">{t('topics.comments.replyTo')}</span>
                      <span className="comment-name" data-testid="reply-target">
                        {reply.reply_username}
                      </span>
                    </>
                  ) : null}
                  <span className="reply-colon">{t('topics.comments.colon')}</span>
                  <span data-testid="reply-content">{reply.content}</span>
                </p>
                <div className="reply-foot">
                  <span className="comment-time">{formatTime(Number(reply.createtime))}</span>
                  <Actions comment={reply} actions={actions} canReply={canReply} />
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
