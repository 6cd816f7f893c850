import { COURSE_NAME_MAX, courseCreateInput, currentAcademicTerm, USERTYPE_TEACHER } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Selector, Toast } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { RequiredLabel } from '../../../components/RequiredLabel';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { type FieldErrors, validate } from '../../../lib/validation';
import { useUser } from '../../accounts/authStore';
import { type CourseBody, courseKeys, coursesApi } from '../api';
import { DemoEntry } from '../components/DemoEntry';
import { LoadFailed, NoPermission } from '../components/NoPermission';
import { SemesterTermFields } from '../components/SemesterTermFields';
import { useLeaveGuard } from '../hooks/useLeaveGuard';
import type { CourseForm, CourseInfo } from '../types';
import { courseHomePath, parseCourseId } from '../utils';

/** spec 1 §5: the missing required fields are prompted one at a time, in this order */
const REQUIRED_IN_TURN = ['coursename', 'semester', 'term'] as const;

/** a new course starts in the current academic year and term, so that it is not filed under an old one */
const emptyForm = (): CourseForm => ({ coursename: '', classname: '', venue: '', ...currentAcademicTerm(), teachtype: 2, studytime: '' });

function formOf(info: CourseInfo): CourseForm {
  return {
    coursename: info.coursename,
    classname: info.classname,
    venue: info.venue,
    semester: info.semester,
    term: Number(info.term),
    teachtype: Number(info.teachtype) || 2,
    studytime: Number(info.studytime) > 0 ? String(info.studytime) : '',
  };
}

/** /newCourse creates a course; /newCourse?id= edits one (spec 1 §2, §5). */
export default function NewCoursePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const user = useUser();
  const rawId = params.get('id');
  const editId = parseCourseId(rawId);
  const info = useQuery({
    queryKey: courseKeys.info(editId ?? 0),
    queryFn: () => coursesApi.getCourseInfo(editId!),
    enabled: editId !== null,
  });
  const title = rawId !== null ? t('courses.form.editTitle') : t('courses.form.createTitle');

  let body: ReactNode;
  let form = false;
  if (rawId !== null) {
    if (editId === null) body = <LoadFailed message={t('validation.courseId')} />;
    else if (info.isPending) body = <LoadingScreen text={t('common.loading')} />;
    else if (info.isError) body = <LoadFailed message={errorMessage(info.error)} onRetry={() => void info.refetch()} />;
    else if (!info.data.authData.includes('edit')) body = <NoPermission />;
    else {
      form = true;
      body = <CourseFormView key={info.data.id} title={title} editId={info.data.id} initial={formOf(info.data)} />;
    }
  } else if (Number(user?.usertype) !== USERTYPE_TEACHER) {
    body = <NoPermission text={t('courses.form.teachersOnly')} />;
  } else {
    form = true;
    body = <CourseFormView title={title} editId={null} initial={emptyForm()} />;
  }

  return (
    <div className="page" data-testid="new-course-page">
      {form ? null : <PageNavBar title={title} />}
      {body}
    </div>
  );
}

function CourseFormView({ title, editId, initial }: { title: string; editId: number | null; initial: CourseForm }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack(editId ? courseHomePath(editId, 1) : '/ktpCourse');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<CourseForm>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const set = <K extends keyof CourseForm>(field: K, value: CourseForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setFormError(undefined);
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = async () => {
    setFormError(undefined);
    const checked = validate(courseCreateInput, { ...form, term: form.term === '' ? undefined : form.term });
    if (!checked.ok) {
      // name, year and term are asked for in turn; other problems show at once
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
    const body: CourseBody = {
      coursename: form.coursename.trim(),
      classname: form.classname.trim(),
      venue: form.venue.trim(),
      semester: form.semester,
      term: Number(form.term),
      teachtype: form.teachtype,
      studytime: form.studytime.trim(),
    };
    setSubmitting(true);
    try {
      if (editId) {
        await coursesApi.editCourse(editId, body);
        await queryClient.invalidateQueries({ queryKey: courseKeys.all });
        Toast.show({ content: t('courses.form.saved') });
        goBack();
      } else {
        const course = await coursesApi.createCourse(body);
        void queryClient.invalidateQueries({ queryKey: courseKeys.all });
        // spec 1 §4 creation flow: form, enrolment settings, template, home
        navigate(`/seniorSetting?courseId=${course.id}&from=create`, { replace: true });
      }
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  const fieldError = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  const dirty = (Object.keys(initial) as (keyof CourseForm)[]).some((k) => String(initial[k]) !== String(form[k]));
  const leave = useLeaveGuard(dirty && !submitting, editId ? courseHomePath(editId, 1) : '/ktpCourse');

  return (
    <>
      <PageNavBar title={title} onBack={() => void leave()} />
      <form
        className="page-body form-page course-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {/* a new course may also start from a demo course (spec 1 §6); not when editing */}
        {editId ? null : <DemoEntry dirty={dirty} />}
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
          <TextField
            testid="course-venue"
            label={t('courses.form.venue')}
            value={form.venue}
            onChange={(v) => set('venue', v)}
            placeholder={t('courses.form.venuePlaceholder')}
            maxLength={COURSE_NAME_MAX}
            error={fieldError('venue')}
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
          <div className="field">
            <div className="field-label">{t('courses.form.teachType')}</div>
            <Selector
              className="course-selector"
              columns={3}
              value={[form.teachtype]}
              onChange={(v) => {
                if (v[0] !== undefined) set('teachtype', v[0]);
              }}
              options={[1, 2, 3].map((v) => ({
                value: v,
                label: (
                  <span data-testid={`course-teachtype-${v}`}>
                    {v === 1
                      ? t('courses.teachType.online')
                      : v === 2
                        ? t('courses.teachType.offline')
                        : t('courses.teachType.hybrid')}
                  </span>
                ),
              }))}
            />
            {fieldError('teachtype') ? <div className="field-error">{fieldError('teachtype')}</div> : null}
          </div>
          <TextField
            testid="course-studytime"
            label={t('courses.form.studyTime')}
            value={form.studytime}
            inputMode="decimal"
            onChange={(v) => set('studytime', v.replace(/[^\d.]/g, ''))}
            placeholder={t('courses.form.studyTimePlaceholder')}
            maxLength={8}
            error={fieldError('studytime')}
            hint={t('courses.form.studyTimeHint')}
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
          {editId ? t('courses.form.save') : t('courses.form.create')}
        </Button>
      </form>
    </>
  );
}
