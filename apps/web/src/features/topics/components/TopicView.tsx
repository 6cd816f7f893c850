import { useQueryClient } from '@tanstack/react-query';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { RichTextView } from '../../../components/RichTextView';
import { isRichTextEmpty } from '../../../components/richText';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { hasAbility } from '../../courses/hooks/useCourseInfo';
import { formatTime } from '../../courses/pages/EnrollReviewPage';
import type { CourseInfo } from '../../courses/types';
import { ArticleActions } from '../../notices/components/ArticleActions';
import { StateTag } from '../../notices/components/StateTag';
import { useActivityDetail } from '../../notices/hooks/useActivityDetail';
import { itemTime, roleOf } from '../../notices/utils';
import { topicKeys } from '../api';
import { addTopicPath, topicPath } from '../paths';
import { CommentSection } from './CommentSection';

/**
 * /topicDetail?id=: one topic and its comments. Its author (a teacher, or a student who started
 * it) and the course's teachers may edit or delete it.
 */
export function TopicView({ info, id }: { info: CourseInfo; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const manager = hasAbility(info, 'manageContent');
  const role = roleOf(info);
  const detail = useActivityDetail(info.id, id, topicKeys.detail(info.id, id));
  const item = detail.data;

  if (detail.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (detail.isError) return <QueryFailed error={detail.error} onRetry={() => void detail.refetch()} />;
  // an id of another kind of item (a notice, a material) is not a topic
  if (!item || Number(item.contenttype) !== 5) return <LoadFailed message={t('topics.notFound')} />;

  const mine = Boolean(user && item.author && Number(item.author.id) === Number(user.id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: topicKeys.all(info.id) });
  const body = item.content ?? '';
  const hasBody = !isRichTextEmpty(body);
  // comments close when the topic ends (the server refuses them then too)
  const endtime = Number(item.endtime);
  const open =
    Number(item.allowcomment ?? 1) === 1 && Number(item.publishState) !== 3 && !(endtime > 0 && endtime * 1000 <= Date.now());

  return (
    <div className="page-body activity-body topic-body">
      <article className="activity-card article" data-testid="topic-article" data-id={item.id}>
        <h1 className="article-title" data-testid="topic-title">
          {item.title}
        </h1>
        <div className={`article-meta${hasBody ? '' : ' is-last'}`}>
          {manager ? <StateTag item={item} testid="topic-state" /> : null}
          <span className="muted small" data-testid="topic-meta">
            {item.author ? `${item.author.username} · ` : ''}
            {formatTime(itemTime(item))}
          </span>
        </div>
        {hasBody ? <RichTextView html={body} testid="topic-body" /> : null}
      </article>
      {manager || mine ? (
        <ArticleActions
          item={item}
          courseId={info.id}
          prefix="topic"
          canPublish={manager}
          deleteText={{ title: t('topics.deleteTitle'), content: t('topics.deleteConfirm', { title: item.title }) }}
          onEdit={() => navigate(addTopicPath(info.id, role, item.id))}
          onDeleted={() => {
            void refresh();
            navigate(topicPath(info.id, role), { replace: true });
          }}
          onPublished={() => void refresh()}
        />
      ) : null}
      <CommentSection courseId={info.id} topicId={item.id} open={open} />
    </div>
  );
}
