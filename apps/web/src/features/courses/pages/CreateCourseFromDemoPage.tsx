import { COURSE_NAME_MAX, currentAcademicTerm, demoCreateInput, USERTYPE_TEACHER } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Toast } from 'antd-mobile';
import { InformationCircleOutline, LockOutline, RightOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { type CourseBody, courseKeys, coursesApi, type DemoCourse, type DemoCourseBody } from '../api';
import { CourseFormView } from '../components/CourseFormFields';
import { LoadFailed, NoPermission } from '../components/NoPermission';
import { DEMO_PATH, useDemoCourses } from '../hooks/useDemoCourses';
import type { CourseForm } from '../types';
import { courseHomePath, parseCourseId, termLabel } from '../utils';
import '../courseDemo.css';

/** the institution authentication screen of the personal centre (spec 1 §2 /myAllSetting) */
const MECHANISM_PATH = '/myAllSetting?detail=myMechanism';

/**
 * /createCourseFromDemo (spec 1 §6 "Teacher: creates from demo, specific users only"): the demo
 * courses, then (`?demoid=`) the new course's form. Only teachers certified with an institution
 * may create; others see the list read-only with the way to certification.
 */
export default function CreateCourseFromDemoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const teacher = Number(user?.usertype) === USERTYPE_TEACHER;
  const [params] = useSearchParams();
  const rawDemo = params.get('demoid');
  const demos = useDemoCourses(teacher);
  const title = t('courses.demo.title');

  if (!teacher) {
    return (
      <div className="page" data-testid="demo-page">
        <PageNavBar title={title} />
        <NoPermission text={t('courses.form.teachersOnly')} />
      </div>
    );
  }

  // step 2: the form, for a demo the caller may use
  if (rawDemo !== null && demos.data?.allowed === 1) {
    const demoId = parseCourseId(rawDemo);
    const demo = demos.data.list.find((d) => d.id === demoId);
    if (demo) return <DemoCourseFormView key={demo.id} demo={demo} />;
    return (
      <div className="page" data-testid="demo-page">
        <PageNavBar title={title} />
        <LoadFailed message={t('courses.demo.gone')} />
      </div>
    );
  }

  // step 1: the list
  let body: ReactNode;
  if (demos.isPending) body = <LoadingScreen text={t('common.loading')} />;
  else if (demos.isError) body = <LoadFailed message={errorMessage(demos.error)} onRetry={() => void demos.refetch()} />;
  else {
    const allowed = demos.data.allowed === 1;
    body = (
      <div className="page-body demo-body" data-testid="demo-list">
        {allowed ? (
          <p className="form-intro">{t('courses.demo.intro')}</p>
        ) : (
          <div className="demo-locked" data-testid="demo-locked">
            <div className="demo-locked-title" data-testid="demo-locked-title">
              <LockOutline />
              <span>{t('courses.demo.locked')}</span>
            </div>
            <p className="demo-locked-text">{t('courses.demo.lockedText')}</p>
            <Button
              size="small"
              color="primary"
              shape="rounded"
              onClick={() => navigate(MECHANISM_PATH)}
              data-testid="demo-certify"
            >
              {t('courses.demo.certify')}
            </Button>
          </div>
        )}
        {demos.data.list.length === 0 ? (
          <div className="page-center course-list-state" data-testid="demo-empty">
            <ErrorBlock status="empty" title={t('courses.demo.empty')} description={t('courses.demo.emptyText')} />
          </div>
        ) : (
          demos.data.list.map((demo) => (
            <DemoCard
              key={demo.id}
              demo={demo}
              // choosing pushes a history entry, so the back arrow of the form returns to the list
              onChoose={allowed ? () => navigate(`${DEMO_PATH}?demoid=${demo.id}`) : undefined}
            />
          ))
        )}
      </div>
    );
  }

  return (
    <div className="page" data-testid="demo-page">
      <PageNavBar title={title} />
      {body}
    </div>
  );
}

/** A short plain-text excerpt of a demo's introduction (the card clamps it to two lines too). */
const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 120)}…` : flat;
};

/** One demo course: name, class, author, term, item count and the start of its introduction. */
function DemoCard({ demo, onChoose }: { demo: DemoCourse; onChoose?: () => void }) {
  const { t } = useTranslation();
  const intro = excerpt(demo.describes ?? '');
  const content = (
    <>
      <span className="demo-card-name" data-testid="demo-card-name">
        {demo.coursename}
      </span>
      {demo.classname ? (
        <span className="demo-card-class" data-testid="demo-card-class">
          {demo.classname}
        </span>
      ) : null}
      <span className="demo-card-meta">
        <span data-testid="demo-card-author">{t('courses.demo.author', { name: demo.username })}</span>
        <span data-testid="demo-card-term">
          {demo.semester} {demo.termTxt || termLabel(t, Number(demo.term))}
        </span>
        <span data-testid="demo-card-items">{t('courses.demo.items', { n: demo.items })}</span>
      </span>
      <span className="demo-card-intro" data-testid="demo-card-intro">
        {intro || t('courses.demo.noIntro')}
      </span>
      {onChoose ? (
        <span className="demo-card-action">
          {t('courses.demo.choose')}
          <RightOutline />
        </span>
      ) : null}
    </>
  );
  if (onChoose) {
    return (
      <button type="button" className="demo-card" onClick={onChoose} data-testid="demo-card" data-demo-id={demo.id}>
        {content}
      </button>
    );
  }
  return (
    <div className="demo-card is-locked" data-testid="demo-card" data-demo-id={demo.id} aria-disabled="true">
      {content}
    </div>
  );
}

/** Step 2: the new course's name and class (the demo's, editable), academic year and term: the one course form, short. */
function DemoCourseFormView({ demo }: { demo: DemoCourse }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [initial] = useState<CourseForm>(() => ({
    coursename: demo.coursename.slice(0, COURSE_NAME_MAX),
    classname: demo.classname.slice(0, COURSE_NAME_MAX),
    // the current academic year and term, as on /newCourse
    ...currentAcademicTerm(),
    // not asked here: the demo course brings them
    venue: '',
    teachtype: 2,
    studytime: '',
  }));

  const submit = async (body: CourseBody) => {
    const values: DemoCourseBody = {
      demoid: demo.id,
      coursename: body.coursename,
      classname: body.classname,
      semester: body.semester,
      term: body.term,
    };
    const course = await coursesApi.createCourseFromDemo(values);
    void queryClient.invalidateQueries({ queryKey: courseKeys.all });
    Toast.show({ content: t('courses.demo.created', { n: course.copied }) });
    // the demo brings its enrolment settings and template, so the creation flow's two steps are skipped
    navigate(courseHomePath(Number(course.id), 1), { replace: true });
  };

  return (
    <div className="page" data-testid="demo-form-page">
      <CourseFormView
        title={t('courses.demo.title')}
        initial={initial}
        short
        schema={demoCreateInput}
        extra={{ demoid: demo.id }}
        onSubmit={submit}
        submitText={t('courses.form.create')}
        leaveTo={DEMO_PATH}
        top={() => (
          <div className="demo-source" data-testid="demo-source">
            <div className="demo-source-label">{t('courses.demo.source')}</div>
            <span className="demo-card-name" data-testid="demo-source-name">
              {demo.coursename}
            </span>
            <span className="demo-card-meta">
              <span>{t('courses.demo.author', { name: demo.username })}</span>
              {demo.classname ? <span>{demo.classname}</span> : null}
            </span>
            <div className="demo-summary" data-testid="demo-summary">
              <InformationCircleOutline />
              <span>{t('courses.demo.summary', { n: demo.items })}</span>
            </div>
          </div>
        )}
      />
    </div>
  );
}
