import { COURSEWARE_COMMENT_MAX, type PageComment } from '@paiclass/shared';

type OneComment = Omit<PageComment, 'replies'>;

import { Button, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { UserAvatar } from '../../../components/UserAvatar';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { formatDateTime } from '../../todos/utils';
import { coursewareApi } from '../api';

/**
 * A page's comments with their replies and who wrote them; a box to comment on the page or reply to
 * a comment; delete where the server allows it (`candelete`: one's own, or any for the teacher).
 */
export function PageComments({
  interactid,
  page,
  comments,
  onChanged,
  canWrite = true,
}: {
  interactid: number;
  page: number;
  comments: PageComment[];
  onChanged: () => Promise<unknown> | void;
  canWrite?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<OneComment | null>(null);
  const [sending, setSending] = useState(false);
  const now = Date.now() / 1000;
  const onPage = comments.filter((c) => c.pageindex === page);

  const send = async () => {
    const body = text.trim();
    if (!body) {
      Toast.show({ content: t('validation.commentRequired') });
      return;
    }
    setSending(true);
    try {
      await coursewareApi.comment(interactid, page, body, replyTo?.id ?? 0);
      setText('');
      setReplyTo(null);
      await onChanged();
    } catch (e) {
      Toast.show({ content: errorMessage(e) });
    } finally {
      setSending(false);
    }
  };
  const remove = async (c: OneComment) => {
    if (!(await confirmDialog({ content: t('courseware.comments.confirmDelete'), danger: true, testid: 'cw-delete' }).result))
      return;
    try {
      await coursewareApi.deleteComment(c.id);
      await onChanged();
      Toast.show({ content: t('courseware.comments.deleted') });
    } catch (e) {
      Toast.show({ content: errorMessage(e) });
    }
  };

  const line = (c: OneComment, reply: boolean) => (
    <div className={`cw-comment${reply ? ' is-reply' : ''}`} key={c.id} data-testid={`cw-comment-${c.id}`}>
      <UserAvatar name={c.username} src={c.avatar || undefined} size={reply ? 24 : 32} testid={`cw-comment-avatar-${c.id}`} />
      <div className="cw-comment-body">
        <div className="cw-comment-head">
          <span className="cw-comment-name" data-testid="cw-comment-name">
            {c.username}
          </span>
          {c.isteacher ? <span className="cw-teacher-tag">{t('courseware.comments.teacher')}</span> : null}
          {c.reply_username ? (
            <span className="muted small">{t('courseware.comments.replyTo', { name: c.reply_username })}</span>
          ) : null}
          <span className="muted small cw-comment-time">{formatDateTime(c.createtime, now)}</span>
        </div>
        <div className="cw-comment-text" data-testid="cw-comment-text">
          {c.comment}
        </div>
        <div className="cw-comment-actions">
          {canWrite ? (
            <button type="button" className="cw-link" onClick={() => setReplyTo(c)} data-testid={`cw-reply-${c.id}`}>
              {t('courseware.comments.reply')}
            </button>
          ) : null}
          {c.candelete ? (
            <button type="button" className="cw-link is-danger" onClick={() => void remove(c)} data-testid={`cw-delete-${c.id}`}>
              {t('courseware.comments.delete')}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );

  return (
    <section className="cw-card" data-testid="cw-comments" data-page={page}>
      <h3 className="cw-card-title">{t('courseware.comments.title', { page, count: onPage.length })}</h3>
      {onPage.length === 0 ? (
        <p className="muted small" data-testid="cw-comments-empty">
          {t('courseware.comments.empty')}
        </p>
      ) : (
        onPage.map((c) => (
          <div key={c.id} className="cw-thread">
            {line(c, false)}
            {c.replies.map((r) => line(r, true))}
          </div>
        ))
      )}
      {canWrite ? (
        <div className="cw-compose">
          {replyTo ? (
            <div className="cw-replying small">
              {t('courseware.comments.replyingTo', { name: replyTo.username })}
              <button type="button" className="cw-link" onClick={() => setReplyTo(null)}>
                {t('common.cancel')}
              </button>
            </div>
          ) : null}
          <TextArea
            value={text}
            onChange={setText}
            placeholder={t('courseware.comments.placeholder', { page })}
            maxLength={COURSEWARE_COMMENT_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            data-testid="cw-comment-input"
          />
          <Button
            color="primary"
            size="small"
            shape="rounded"
            loading={sending}
            onClick={() => void send()}
            data-testid="cw-comment-send"
          >
            {t('courseware.comments.send')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
