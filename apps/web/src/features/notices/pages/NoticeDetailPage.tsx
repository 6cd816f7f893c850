import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { CourseGate } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { courseHomePath } from '../../courses/utils';
import { NoticeList } from '../components/NoticeList';
import { NoticeView } from '../components/NoticeView';
import { addNoticePath, noticePath } from '../paths';
import { parseItemId, roleOf } from '../utils';
import '../notices.css';

/**
 * /noticeDetail?courseId=&courseRole=: the course's notices; with `id=`, one notice (spec 2 §2,
 * spec 1 §2 "notice detail with a read or unread tag").
 */
export default function NoticeDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const rawId = params.get('id');
  const id = parseItemId(rawId);
  const role = info.data ? roleOf(info.data) : Number(params.get('courseRole')) === 1 ? 1 : 0;
  const manager = info.data ? hasAbility(info.data, 'manageContent') : false;
  // a notice goes back to the list, the list to the course home, when there is no page to go back to
  const goBack = useGoBack(courseId ? (rawId ? noticePath(courseId, role) : courseHomePath(courseId, role)) : undefined);

  return (
    <div className="page activity-page" data-testid={rawId ? 'notice-detail-page' : 'notice-list-page'}>
      <PageNavBar
        title={rawId ? t('notices.detailTitle') : t('notices.title')}
        onBack={goBack}
        right={
          !rawId && manager && courseId ? (
            <button
              type="button"
              className="nav-icon-button nav-add"
              onClick={() => navigate(addNoticePath(courseId, role))}
              aria-label={t('notices.create')}
              data-testid="notice-create"
            >
              <AddOutline />
            </button>
          ) : undefined
        }
      />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          rawId === null ? (
            <NoticeList info={course} />
          ) : id === null ? (
            <LoadFailed message={t('notices.notFound')} />
          ) : (
            <NoticeView key={id} info={course} id={id} />
          )
        }
      </CourseGate>
    </div>
  );
}
