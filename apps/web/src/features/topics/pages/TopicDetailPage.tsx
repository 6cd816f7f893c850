import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { CourseGate } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { courseHomePath } from '../../courses/utils';
import { parseItemId, roleOf } from '../../notices/utils';
import { TopicList } from '../components/TopicList';
import { TopicView } from '../components/TopicView';
import { useTopicSetting } from '../hooks/useTopicSetting';
import { addTopicPath, topicPath } from '../paths';
import '../../notices/notices.css';

/** /topicDetail?courseId=&courseRole=: the course's topics; with `id=`, one topic and its comments (spec 2 §2). */
export default function TopicDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const rawId = params.get('id');
  const id = parseItemId(rawId);
  const role = info.data ? roleOf(info.data) : Number(params.get('courseRole')) === 1 ? 1 : 0;
  const manager = info.data ? hasAbility(info.data, 'manageContent') : false;
  const setting = useTopicSetting(courseId ?? 0, Boolean(info.data) && rawId === null);
  // students may start topics unless the teacher forbids it (spec 2 §6); the server decides anyway
  const canStart = manager || (Boolean(info.data) && Number(setting.data?.allowstudent) === 1);
  const goBack = useGoBack(courseId ? (rawId ? topicPath(courseId, role) : courseHomePath(courseId, role)) : undefined);

  return (
    <div className="page activity-page" data-testid={rawId ? 'topic-detail-page' : 'topic-list-page'}>
      <PageNavBar
        title={rawId ? t('topics.detailTitle') : t('topics.title')}
        onBack={goBack}
        right={
          !rawId && canStart && courseId ? (
            <button
              type="button"
              className="nav-icon-button nav-add"
              onClick={() => navigate(addTopicPath(courseId, role))}
              aria-label={t('topics.create')}
              data-testid="topic-create"
            >
              <AddOutline />
            </button>
          ) : undefined
        }
      />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          rawId === null ? (
            <TopicList info={course} />
          ) : id === null ? (
            <LoadFailed message={t('topics.notFound')} />
          ) : (
            <TopicView key={id} info={course} id={id} />
          )
        }
      </CourseGate>
    </div>
  );
}
