import { CODES, COURSE_NAME_MAX } from '@paiclass/shared';
import { Button, Selector, Toast } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { PageNavBar } from '../../../components/PageNavBar';
import { RequiredLabel } from '../../../components/RequiredLabel';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { type FieldErrors, type Schema, validate } from '../../../lib/validation';
import type { CourseBody } from '../api';
import { useLeaveGuard } from '../hooks/useLeaveGuard';
import type { CourseForm } from '../types';
import { SemesterTermFields } from './SemesterTermFields';

/** spec 1 §5: the missing required fields are prompted one at a time, in this order */
const REQUIRED_IN_TURN = ['coursename', 'semester', 'term'] as const;

const TEACH_TYPES = [1, 2, 3] as const;

/**
 * The course form, written once for /newCourse (create and edit) and /createCourseFromDemo: name,
 * class and venue, academic year and term, teaching mode and study hours (`short`: name, class, year
 * and term only, as a demo course brings the rest). Checks with the call's own schema before
 * sending, asks for the required fields in turn (spec 1 §5), shows the server's refusal in the form,
 * and asks before unsaved changes are lost.
 */
export function CourseFormView({
  title,
  initial,
  short = false,
  schema,
  extra = {},
  onSubmit,
  submitText,
  leaveTo,
  top,
}: {
  title: string;
  initial: CourseForm;
  short?: boolean;
  /** the schema of the call the form makes */
  schema: Schema<unknown>;
  /** values the call takes besides the form's (a demo course's id) */
  extra?: Record<string, unknown>;
  /** sends the form; a refusal thrown here is shown in the form */
  onSubmit: (body: CourseBody) => Promise<void>;
  submitText: string;
  /** where the back arrow goes, after asking when something was changed */
  leaveTo: string;
  /** what the form shows above its fields, told whether anything was changed */
  top?: (dirty: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<CourseForm>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  // the free cap (spec 1 §5): the refusal offers VIP, which lifts it (issue 28)
  const [capReached, setCapReached] = useState(false);
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  const set = <K extends keyof CourseForm>(field: K, value: CourseForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setFormError(undefined);
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const body = (): CourseBody => ({
    coursename: form.coursename.trim(),
    classname: form.classname.trim(),
    venue: form.venue.trim(),
    semester: form.semester,
    term: Number(form.term),
    teachtype: form.teachtype,
    studytime: form.studytime.trim(),
  });

  const submit = async () => {
    setFormError(undefined);
    const values = short ? { coursename: form.coursename, classname: form.classname, semester: form.semester } : { ...form };
    const checked = validate(schema, { ...extra, ...values, term: form.term === '' ? undefined : form.term });
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
    setSubmitting(true);
    try {
      await onSubmit(body());
    } catch (e) {
      // the free cap (30301), a bad year (40003) and the like are told in the form
      setFormError(errorMessage(e));
      setCapReached(e instanceof ApiError && e.code === CODES.vipRequired);
    } finally {
      setSubmitting(false);
    }
  };

  const fieldError = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  const dirty = (Object.keys(initial) as (keyof CourseForm)[]).some((k) => String(initial[k]) !== String(form[k]));
  const leave = useLeaveGuard(dirty && !submitting, leaveTo);

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
        {top?.(dirty)}
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
          {short ? null : (
            <TextField
              testid="course-venue"
              label={t('courses.form.venue')}
              value={form.venue}
              onChange={(v) => set('venue', v)}
              placeholder={t('courses.form.venuePlaceholder')}
              maxLength={COURSE_NAME_MAX}
              error={fieldError('venue')}
            />
          )}
        </div>
        <div className="form-card">
          <SemesterTermFields
            semester={form.semester}
            term={form.term}
            onSemester={(v) => set('semester', v)}
            onTerm={(v) => set('term', v)}
            errors={{ semester: fieldError('semester'), term: fieldError('term') }}
          />
          {short ? null : (
            <>
              <div className="field">
                <div className="field-label">{t('courses.form.teachType')}</div>
                <Selector
                  className="course-selector"
                  columns={3}
                  value={[form.teachtype]}
                  onChange={(v) => {
                    if (v[0] !== undefined) set('teachtype', v[0]);
                  }}
                  options={TEACH_TYPES.map((v) => ({
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
            </>
          )}
        </div>
        <FormError message={formError} testid="course-error" />
        {capReached && formError ? (
          <Button
            block
            color="warning"
            fill="outline"
            shape="rounded"
            className="course-open-vip"
            onClick={() => navigate('/vipManagement')}
            data-testid="course-open-vip"
          >
            {t('courses.form.openVip')}
          </Button>
        ) : null}
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
          {submitText}
        </Button>
      </form>
    </>
  );
}
