import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { RichTextView } from '../../../components/RichTextView';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { hasAbility } from '../../courses/hooks/useCourseInfo';
import { formatTime } from '../../courses/pages/EnrollReviewPage';
import type { CourseInfo } from '../../courses/types';
import { noticeKeys } from '../api';
import { useActivityDetail } from '../hooks/useActivityDetail';
import { addNoticePath, noticePath } from '../paths';
import { itemTime, roleOf } from '../utils';
import { ArticleActions } from './ArticleActions';
import { ReadersSection } from './ReadersSection';
import { ReadTag, StateTag } from './StateTag';

/**
 * /noticeDetail?id=: one notice with its read or unread tag (spec 1 §2). A student's opening marks
 * it read; a teacher sees who has read it and may edit, publish or delete it.
 */
export function NoticeView({ info, id }: { info: CourseInfo; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const manager = hasAbility(info, 'manageContent');
  const role = roleOf(info);
  const detail = useActivityDetail(info.id, id, noticeKeys.detail(info.id, id));
  const item = detail.data;

  // the server marked it read on opening: the lists and the course-list dialog must say so too
  useEffect(() => {
    if (!item || manager) return;
    void queryClient.invalidateQueries({ queryKey: noticeKeys.list(info.id) });
    void queryClient.invalidateQueries({ queryKey: noticeKeys.unread });
  }, [item, manager, info.id, queryClient]);

  if (detail.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (detail.isError) return <QueryFailed error={detail.error} onRetry={() => void detail.refetch()} />;
  // an id of another kind of item (a topic, a material) is not a notice
  if (!item || Number(item.contenttype) !== 7) return <LoadFailed message={t('notices.notFound')} />;

  const refresh = () => queryClient.invalidateQueries({ queryKey: noticeKeys.all(info.id) });

  return (
    <div className="page-body activity-body">
      <article className="activity-card article" data-testid="notice-article" data-id={item.id}>
        <h1 className="article-title" data-testid="notice-title">
          {item.title}
        </h1>
        <div className="article-meta">
          {manager ? (
            <StateTag item={item} testid="notice-state" />
          ) : (
            <ReadTag read={Number(item.mstatus) === 1} testid="notice-read-tag" />
          )}
          <span className="muted small" data-testid="notice-meta">
            {item.author ? `${item.author.username} · ` : ''}
            {formatTime(itemTime(item))}
          </span>
        </div>
        <RichTextView html={item.content ?? ''} testid="notice-body" />
      </article>
      {manager ? (
        <>
          <ArticleActions
            item={item}
            courseId={info.id}
            prefix="notice"
            canPublish
            deleteText={{ title: t('notices.deleteTitle'), content: t('notices.deleteConfirm', { title: item.title }) }}
            onEdit={() => navigate(addNoticePath(info.id, role, item.id))}
            onDeleted={() => {
              void refresh();
              navigate(noticePath(info.id, role), { replace: true });
            }}
            onPublished={() => void refresh()}
          />
          {Number(item.publishState) >= 2 ? (
            <ReadersSection
              courseId={info.id}
              id={item.id}
              queryKey={noticeKeys.progress(info.id, item.id)}
              labels={{
                done: (count) => t('notices.readersRead', { count }),
                notDone: (count) => t('notices.readersUnread', { count }),
                doneAt: (time) => t('notices.readAt', { time }),
                noneDone: t('notices.readersNoneRead'),
                noneTodo: t('notices.readersAllRead'),
              }}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
