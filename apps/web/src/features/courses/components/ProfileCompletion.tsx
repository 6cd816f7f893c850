import { courseProfileInput } from '@paiclass/shared';
import { Button, DatePicker, List } from 'antd-mobile';
import { UserContactOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { type FieldErrors, validate } from '../../../lib/validation';
import { coursesApi } from '../api';
import type { CourseProfile } from '../types';
import { OptionPicker } from './OptionPicker';

/** spec 1 §9: the enrolment month picker starts at 1990-01 */
const EARLIEST = new Date(1990, 0, 1);
const pad = (n: number) => String(n).padStart(2, '0');
const monthOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;

/**
 * spec 1 §6: before entering a course a student completes class number, grade (1-6) and enrolment
 * month (from 1990-01, chosen in a picker and confirmed); then the course opens.
 */
export function ProfileCompletion({ initial, onDone }: { initial: CourseProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const [classno, setClassno] = useState(initial.classno ?? '');
  const [grade, setGrade] = useState(initial.grade ? String(initial.grade) : '');
  const [enrolltime, setEnrolltime] = useState(initial.enrolltime ?? '');
  const [pickerOpen, setPickerOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const latest = new Date(new Date().getFullYear(), new Date().getMonth(), 1);

  const clear = (field: string) => {
    setFormError(undefined);
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const save = async () => {
    setFormError(undefined);
    const checked = validate(courseProfileInput, { classno, grade: grade || undefined, enrolltime });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await coursesApi.saveCourseProfile({
        classno: checked.data.classno,
        grade: checked.data.grade,
        enrolltime: checked.data.enrolltime,
      });
      onDone();
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const [year, month] = enrolltime ? enrolltime.split('-').map(Number) : [];
  return (
    <div className="page-body form-page" data-testid="profile-completion">
      <div className="verify-head">
        <div className="verify-icon">
          <UserContactOutline />
        </div>
        <p className="verify-sent">{t('courses.profile.title')}</p>
        <p className="form-intro">{t('courses.profile.intro')}</p>
      </div>
      <div className="form-card">
        <TextField
          testid="profile-classno"
          label={
            <>
              {t('courses.profile.classno')}
              <span className="required-mark"> *</span>
            </>
          }
          value={classno}
          maxLength={20}
          onChange={(v) => {
            setClassno(v);
            clear('classno');
          }}
          placeholder={t('courses.profile.classnoPlaceholder')}
          error={errors.classno ? t(errors.classno) : undefined}
        />
        <OptionPicker
          testid="profile-grade"
          label={t('courses.profile.grade')}
          required
          placeholder={t('courses.profile.gradePlaceholder')}
          options={[1, 2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: t(`common.grades.y${n}`) }))}
          value={grade}
          onChange={(v) => {
            setGrade(v);
            clear('grade');
          }}
          error={errors.grade ? t(errors.grade) : undefined}
        />
        <div className={`field picker-field${errors.enrolltime ? ' field-invalid' : ''}`}>
          <div className="field-label">
            {t('courses.profile.enrolltime')}
            <span className="required-mark"> *</span>
          </div>
          <List className="picker-list">
            <List.Item onClick={() => setPickerOpen(true)} data-testid="profile-enrolltime" arrowIcon>
              {enrolltime ? (
                <span className="picker-value">{enrolltime}</span>
              ) : (
                <span className="picker-placeholder">{t('courses.profile.enrolltimePlaceholder')}</span>
              )}
            </List.Item>
          </List>
          {errors.enrolltime ? (
            <div className="field-error" role="alert" data-testid="profile-enrolltime-error">
              {t(errors.enrolltime)}
            </div>
          ) : null}
        </div>
      </div>
      <DatePicker
        visible={pickerOpen}
        precision="month"
        min={EARLIEST}
        max={latest}
        defaultValue={year && month ? new Date(year, month - 1, 1) : latest}
        title={t('courses.profile.enrolltime')}
        onClose={() => setPickerOpen(false)}
        onConfirm={(value) => {
          setEnrolltime(monthOf(value));
          clear('enrolltime');
        }}
      />
      <FormError message={formError} testid="profile-error" />
      <Button
        block
        color="primary"
        size="large"
        shape="rounded"
        loading={saving}
        disabled={saving}
        onClick={() => void save()}
        className="submit-button"
        data-testid="profile-submit"
      >
        {t('courses.profile.submit')}
      </Button>
    </div>
  );
}
