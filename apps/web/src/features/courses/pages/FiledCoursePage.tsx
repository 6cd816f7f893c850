import { USERTYPE_TEACHER } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Skeleton, Tabs, Toast } from 'antd-mobile';
import { useState } from 'react';
import { PageNavBar } from '../../../components/PageNavBar';
import { errorMessage, showApiError } from '../../../lib/api';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { courseKeys, coursesApi } from '../api';
import { CourseCard } from '../components/CourseCard';
import { LoadFailed } from '../components/NoPermission';
import type { CourseItem } from '../types';

/** Archive buckets (spec 1 §3): 0 all, 1 teach, 2 assistant, 3 study. */
const BUCKETS = [0, 1, 2, 3] as const;
type Bucket = (typeof BUCKETS)[number];

/** /filedCourse: archived courses by tab, each with restore (spec 1 §2, §4). */
export default function FiledCoursePage() {
  const { t } = useTranslation();
  const user = useUser();
  const isTeacher = Number(user?.usertype) === USERTYPE_TEACHER;
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('type') ?? 0);
  const type: Bucket = isTeacher && (BUCKETS as readonly number[]).includes(raw) ? (raw as Bucket) : 0;
  const list = useQuery({ queryKey: courseKeys.archived(type), queryFn: () => coursesApi.archivedCourseList(type) });

  return (
    <div className="page filed-page" data-testid="filed-page">
      <PageNavBar title={t('courses.filed.title')} />
      {isTeacher ? (
        <Tabs
          activeKey={String(type)}
          onChange={(key) => setParams(key === '0' ? {} : { type: key }, { replace: true })}
          className="course-tabs"
        >
          {BUCKETS.map((b) => (
            <Tabs.Tab key={String(b)} title={<span data-testid={`filed-tab-${b}`}>{t(`courses.filed.tab${b}`)}</span>} />
          ))}
        </Tabs>
      ) : null}
      <p className="filed-intro muted small">{t('courses.filed.intro')}</p>
      <div className="course-list-body" data-testid="filed-list">
        {list.isPending ? (
          <div className="course-card course-card-skeleton">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        ) : list.isError ? (
          <LoadFailed message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <div className="page-center course-list-state" data-testid="filed-empty">
            <ErrorBlock status="empty" title={t('courses.filed.empty')} description={t('courses.filed.emptyText')} />
          </div>
        ) : (
          list.data.map((course) => <FiledCard key={course.id} course={course} />)
        )}
      </div>
    </div>
  );
}

function FiledCard({ course }: { course: CourseItem }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [restoring, setRestoring] = useState(false);

  const restore = async () => {
    setRestoring(true);
    try {
      await coursesApi.restoreCourse(course.id);
      Toast.show({ content: t('courses.filed.restored', { name: course.coursename }) });
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
    } catch (e) {
      showApiError(e);
    } finally {
      setRestoring(false);
    }
  };

  return (
    <CourseCard
      course={course}
      showSemester
      showTotal={false}
      action={
        <Button
          size="small"
          shape="rounded"
          color="primary"
          fill="outline"
          loading={restoring}
          onClick={() => void restore()}
          data-testid="filed-restore"
        >
          {t('courses.filed.restore')}
        </Button>
      }
    />
  );
}
