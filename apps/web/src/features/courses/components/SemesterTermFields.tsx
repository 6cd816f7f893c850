import { academicYears } from '@paiclass/shared';
import { useTranslation } from '../../../lib/translations';
import { termLabel } from '../utils';
import { OptionPicker } from './OptionPicker';

/**
 * The academic year and term pickers of the course forms (spec 1 §5): both required; the years are
 * the previous two through next, newest first, plus the course's own at the end when it is older
 * (editing). A new course's form starts on the current year and term (`currentAcademicTerm`).
 */
export function SemesterTermFields({
  semester,
  term,
  onSemester,
  onTerm,
  errors,
}: {
  semester: string;
  term: number | '';
  onSemester: (value: string) => void;
  onTerm: (value: number) => void;
  errors: { semester?: string; term?: string };
}) {
  const { t } = useTranslation();
  const years = academicYears().reverse();
  const yearOptions = (years.includes(semester) || !semester ? years : [...years, semester]).map((y) => ({ value: y, label: y }));
  const termOptions = [0, 1, 2].map((v) => ({ value: String(v), label: termLabel(t, v) }));
  return (
    <>
      <OptionPicker
        testid="course-semester"
        label={t('courses.form.semester')}
        required
        placeholder={t('courses.form.semesterPlaceholder')}
        options={yearOptions}
        value={semester}
        onChange={onSemester}
        error={errors.semester}
      />
      <OptionPicker
        testid="course-term"
        label={t('courses.form.term')}
        required
        placeholder={t('courses.form.termPlaceholder')}
        options={termOptions}
        value={term === '' ? '' : String(term)}
        onChange={(v) => onTerm(Number(v))}
        error={errors.term}
      />
    </>
  );
}
