import { LoadingScreen } from '../../../components/LoadingScreen';
import { hasInAppHistory, PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed, NoPermission } from '../../courses/components/NoPermission';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { ActivityForm } from '../../notices/components/ActivityForm';
import { parseItemId, roleOf } from '../../notices/utils';
import { TOPIC_TYPE, topicKeys } from '../api';
import { useTopicSetting } from '../hooks/useTopicSetting';
import { topicPath } from '../paths';
import '../../notices/notices.css';

/**
 * /addActivity/topic?courseId=&courseRole=[&id=]: a teacher, or a student where the teacher allows
 * it (spec 2 §6), starts a topic: a title and a rich-text body. With `id`, its author edits it.
 */
export default function AddTopicPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const rawId = params.get('id');
  const editId = parseItemId(rawId);
  const role = info.data ? roleOf(info.data) : 0;
  const goBack = useGoBack(courseId ? topicPath(courseId, role, editId ?? undefined) : undefined);

  return (
    <div className="page activity-page" data-testid="add-topic-page">
      <PageNavBar title={rawId ? t('topics.editTitle') : t('topics.newTitle')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          rawId !== null && editId === null ? (
            <LoadFailed message={t('topics.notFound')} />
          ) : (
            <TopicForm info={course} editId={editId} />
          )
        }
      </CourseGate>
    </div>
  );
}

function TopicForm({ info, editId }: { info: CourseInfo; editId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const manager = hasAbility(info, 'manageContent');
  // a student's new topic needs the teacher's leave; editing one's own topic does not
  const setting = useTopicSetting(info.id, !manager && editId === null);

  if (!manager && editId === null) {
    if (setting.isPending) return <LoadingScreen text={t('common.loading')} />;
    if (setting.isError) return <QueryFailed error={setting.error} onRetry={() => void setting.refetch()} />;
    if (Number(setting.data.allowstudent) !== 1) return <NoPermission text={t('topics.closedForStudents')} />;
  }

  return (
    <ActivityForm
      info={info}
      contenttype={TOPIC_TYPE}
      editId={editId}
      canSchedule={manager}
      prefix="topic"
      titlePlaceholder={t('topics.form.titlePlaceholder')}
      bodyPlaceholder={t('topics.form.bodyPlaceholder')}
      detailKey={topicKeys.detail(info.id, editId ?? 0)}
      areaKey={topicKeys.all(info.id)}
      onSaved={(item) => {
        // an edit returns to the topic it came from; a new topic takes this page's place
        if (editId !== null && hasInAppHistory()) navigate(-1);
        else navigate(topicPath(info.id, roleOf(info), item.id), { replace: true });
      }}
    />
  );
}
