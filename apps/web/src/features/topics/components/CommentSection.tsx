import { COMMENT_MAX, commentAddInput } from '@paiclass/shared';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { ApiError, errorMessage, showApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { validate } from '../../../lib/validation';
import { retryNetworkOnly } from '../../courses/api';
import { ListBody, ListFooter } from '../../notices/components/ListStates';
import { topicKeys, topicsApi } from '../api';
import type { CommentPage, LikeResult, TopicComment } from '../types';
import { CommentItem } from './CommentItem';

/** A comment or reply in the cached pages with its like toggled as the server answered. */
function withLike(data: InfiniteData<CommentPage> | undefined, like: LikeResult) {
  if (!data) return data;
  const apply = <C extends TopicComment>(c: C): C => (c.id === like.id ? { ...c, isliked: like.isliked, likes: like.likes } : c);
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      list: page.list.map((c) => ({ ...apply(c), replies: c.replies.map(apply) })),
    })),
  };
}

/**
 * The comments under a topic, newest first, page by page ("load more"), each with its replies:
 * comment, reply, like or unlike, and delete one's own (a teacher any) after a confirmation.
 * `open` is false once the topic has ended: comments stay readable, none can be added.
 */
export function CommentSection({ courseId, topicId, open }: { courseId: number; topicId: number; open: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = topicKeys.comments(courseId, topicId);
  const comments = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => topicsApi.comments(topicId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < Number(last.total) && last.list.length > 0 ? Number(last.page) + 1 : undefined;
    },
    retry: retryNetworkOnly,
  });
  const seen = new Set<number>();
  const rows = (comments.data?.pages ?? []).flatMap((p) => p.list).filter((c) => !seen.has(c.id) && seen.add(c.id));
  const total = comments.data ? Number(comments.data.pages[comments.data.pages.length - 1]!.total) : 0;

  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<TopicComment | null>(null);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [liking, setLiking] = useState<number | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    // taking part shows on the topic list (and the teacher's counts)
    void queryClient.invalidateQueries({ queryKey: topicKeys.list(courseId) });
  };

  const send = async () => {
    const checked = validate(commentAddInput, { contentid: topicId, content: text, replyid: replyTo?.id ?? 0 });
    if (!checked.ok) {
      setError(t(checked.errors.content ?? 'validation.invalid'));
      return;
    }
    setSending(true);
    setError(undefined);
    try {
      await topicsApi.addComment(topicId, checked.data.content, replyTo?.id ?? 0);
      Toast.show({ content: replyTo ? t('topics.comments.replied') : t('topics.comments.sent') });
      setText('');
      setReplyTo(null);
      await refresh();
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  const like = async (comment: TopicComment) => {
    setLiking(comment.id);
    try {
      const result = await topicsApi.like(comment.id);
      queryClient.setQueryData<InfiniteData<CommentPage>>(key, (data) => withLike(data, result));
    } catch (e) {
      showApiError(e);
    } finally {
      setLiking(null);
    }
  };

  const remove = async (comment: TopicComment) => {
    const replies = comment.replies?.length ?? 0;
    const ok = await confirmDialog({
      title: t('topics.comments.deleteTitle'),
      content: replies > 0 ? t('topics.comments.deleteWithReplies', { count: replies }) : t('topics.comments.deleteConfirm'),
      confirmText: t('topics.comments.delete'),
      danger: true,
      testid: 'comment-delete',
    }).result;
    if (!ok) return;
    try {
      await topicsApi.deleteComment(comment.id, courseId);
      Toast.show({ content: t('topics.comments.deleted') });
      if (replyTo && (replyTo.id === comment.id || replyTo.replyid === comment.id)) setReplyTo(null);
      await refresh();
    } catch (e) {
      showApiError(e);
    }
  };

  const reply = (comment: TopicComment) => {
    setReplyTo(comment);
    setError(undefined);
    inputRef.current?.focus();
  };

  return (
    <>
      <section className="activity-card comments" data-testid="comments">
        <h2 className="comments-title" data-testid="comments-title">
          {t('topics.comments.title', { count: total })}
        </h2>
        <ListBody
          query={comments}
          loadingTestid="comments-loading"
          empty={
            rows.length === 0 ? (
              <p className="muted small center-text comments-empty" data-testid="comments-empty">
                {open ? t('topics.comments.empty') : t('topics.comments.emptyEnded')}
              </p>
            ) : null
          }
        >
          <ul className="comment-list">
            {rows.map((c) => (
              <CommentItem
                key={c.id}
                comment={c}
                canReply={open}
                actions={{ onLike: (x) => void like(x), onReply: reply, onDelete: (x) => void remove(x), liking }}
              />
            ))}
          </ul>
          <ListFooter query={comments} testid="comments" />
        </ListBody>
      </section>
      {open ? (
        <div className="composer" data-testid="composer">
          {replyTo ? (
            <div className="composer-reply" data-testid="composer-reply">
              <span className="composer-reply-text">{t('topics.comments.replyingTo', { name: replyTo.username })}</span>
              <button
                type="button"
                className="icon-button"
                onClick={() => setReplyTo(null)}
                aria-label={t('topics.comments.cancelReply')}
                data-testid="composer-reply-cancel"
              >
                <CloseOutline />
              </button>
            </div>
          ) : null}
          <div className="composer-row">
            <textarea
              ref={inputRef}
              className="composer-input"
              rows={1}
              value={text}
              maxLength={COMMENT_MAX}
              placeholder={
                replyTo ? t('topics.comments.replyPlaceholder', { name: replyTo.username }) : t('topics.comments.placeholder')
              }
              aria-label={t('topics.comments.placeholder')}
              aria-invalid={Boolean(error)}
              onChange={(e) => {
                setText(e.target.value);
                setError(undefined);
              }}
              data-testid="comment-input"
            />
            <Button
              color="primary"
              size="small"
              shape="rounded"
              loading={sending}
              disabled={sending}
              onClick={() => void send()}
              data-testid="comment-send"
            >
              {t('topics.comments.send')}
            </Button>
          </div>
          {error ? (
            <div className="field-error composer-error" role="alert" data-testid="comment-error">
              {error}
            </div>
          ) : null}
        </div>
      ) : (
        <p className="activity-note center-text" data-testid="comments-closed">
          {t('topics.comments.closed')}
        </p>
      )}
    </>
  );
}
