import { COURSE_NAME_MAX, currentAcademicTerm, demoCreateInput, USERTYPE_TEACHER } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Toast } from 'antd-mobile';
import { InformationCircleOutline, LockOutline, RightOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { RequiredLabel } from '../../../components/RequiredLabel';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { type FieldErrors, validate } from '../../../lib/validation';
import { useUser } from '../../accounts/authStore';
import { courseKeys, coursesApi, type DemoCourse, type DemoCourseBody } from '../api';
import { LoadFailed, NoPermission } from '../components/NoPermission';
import { SemesterTermFields } from '../components/SemesterTermFields';
import { DEMO_PATH, useDemoCourses } from '../hooks/useDemoCourses';
import { useLeaveGuard } from '../hooks/useLeaveGuard';
import { courseHomePath, parseCourseId, termLabel } from '../utils';
import '../courseDemo.css';

/** the institution authentication screen of the personal centre (spec 1 §2 /myAllSetting) */
const MECHANISM_PATH = '/myAllSetting?detail=myMechanism';

/** spec 1 §5: the missing required fields are prompted one at a time, in this order (as on /newCourse) */
const REQUIRED_IN_TURN = ['coursename', 'semester', 'term'] as const;

interface DemoForm {
  coursename: string;
  classname: string;
  semester: string;
  term: number | '';
}

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

/** Step 2: the new course's name and class (the demo's, editable), academic year and term. */
function DemoCourseFormView({ demo }: { demo: DemoCourse }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [initial] = useState<DemoForm>(() => ({
    coursename: demo.coursename.slice(0, COURSE_NAME_MAX),
    classname: demo.classname.slice(0, COURSE_NAME_MAX),
    // the current academic year and term, as on /newCourse
    ...currentAcademicTerm(),
  }));
  const [form, setForm] = useState<DemoForm>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const set = <K extends keyof DemoForm>(field: K, value: DemoForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setFormError(undefined);
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = async () => {
    setFormError(undefined);
    const checked = validate(demoCreateInput, {
      demoid: demo.id,
      ...form,
      term: form.term === '' ? undefined : form.term,
    });
    if (!checked.ok) {
      // name, year and term are asked for in turn, as on /newCourse; other problems show at once
      const first = REQUIRED_IN_TURN.find((field) => checked.errors[field]);
      const shown: FieldErrors = {};
      for (const [field, message] of Object.entries(checked.errors)) {
        if (!(REQUIRED_IN_TURN as readonly string[]).includes(field) || field === first) shown[field] = message;
      }
      setErrors(shown);
      if (first) Toast.show({ content: t(checked.errors[first]!) });
      return;
    }
    setErrors({});
    const body: DemoCourseBody = {
      demoid: demo.id,
      coursename: form.coursename.trim(),
      classname: form.classname.trim(),
      semester: form.semester,
      term: Number(form.term),
    };
    setSubmitting(true);
    try {
      const course = await coursesApi.createCourseFromDemo(body);
      void queryClient.invalidateQueries({ queryKey: courseKeys.all });
      Toast.show({ content: t('courses.demo.created', { n: course.copied }) });
      // the demo brings its enrolment settings and template, so the creation flow's two steps are skipped
      navigate(courseHomePath(Number(course.id), 1), { replace: true });
    } catch (e) {
      // 30301 (the free cap) is told in the form, as on /newCourse; 40003 and 40004 likewise
      setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  const fieldError = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  const dirty = (Object.keys(initial) as (keyof DemoForm)[]).some((k) => String(initial[k]) !== String(form[k]));
  const leave = useLeaveGuard(dirty && !submitting, DEMO_PATH);

  return (
    <div className="page" data-testid="demo-form-page">
      <PageNavBar title={t('courses.demo.title')} onBack={() => void leave()} />
      <form
        className="page-body form-page course-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
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
        <div className="form-card">
          <TextField
            testid="course-name"
            label={<RequiredLabel text={t('courses.form.name')} />}
            value={form.coursename}
            onChange={(v) => set('coursename', v)}
            placeholder={t('courses.form.namePlaceholder')}
            maxLength={COURSE_NAME_MAX}
            error={fieldError('coursename')}
          />
          <TextField
            testid="course-class"
            label={t('courses.form.className')}
            value={form.classname}
            onChange={(v) => set('classname', v)}
            placeholder={t('courses.form.classPlaceholder')}
            maxLength={COURSE_NAME_MAX}
            error={fieldError('classname')}
          />
        </div>
        <div className="form-card">
          <SemesterTermFields
            semester={form.semester}
            term={form.term}
            onSemester={(v) => set('semester', v)}
            onTerm={(v) => set('term', v)}
            errors={{ semester: fieldError('semester'), term: fieldError('term') }}
          />
        </div>
        <FormError message={formError} testid="course-error" />
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          loading={submitting}
          disabled={submitting}
          className="submit-button"
          data-testid="course-submit"
        >
          {t('courses.form.create')}
        </Button>
      </form>
    </div>
  );
}
