import {
  ENROLL_MIN,
  enrollMax,
  GRADE_CHOICES,
  keepDepartmentChars,
  MODIFY_FIELDS,
  type ModifyField,
  modifyFieldsFor,
  profileTextProblem,
  SCHOOL_MAX,
  USERTYPE_TEACHER,
  type UserInfo,
} from '@paiclass/shared';
import { CheckList, DatePickerView, Form } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { NotAvailablePage } from '../../../components/NotAvailable';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { SubmitButton } from '../../../components/SubmitButton';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { type ProfileChanges, profileApi } from '../api';
import { LessonEditor } from '../components/LessonEditor';
import { MajorEditor } from '../components/MajorEditor';
import { SaveButton } from '../components/SaveButton';
import { SchoolField } from '../components/SchoolField';
import { useSaveProfile } from '../hooks/useSaveProfile';
import '../personal.css';

const TEXT_FIELDS = { name: 'username', stno: 'stno', depart: 'department', class: 'classno' } as const;
type TextModify = keyof typeof TEXT_FIELDS;

const isModify = (v: string | null): v is ModifyField => (MODIFY_FIELDS as readonly string[]).includes(v ?? '');

/**
 * /infoModify?modify=… (spec 1 §2, §5): one editor per field — name, number, department and class
 * as text with the spec's rules, the school picker, taught courses, majors, enrolment month, grade.
 * The same rules run on the server, which has the last word.
 */
export default function InfoModifyPage() {
  const [params] = useSearchParams();
  const user = useUser();
  const modify = params.get('modify');
  if (!user) return <LoadingScreen />;
  // a field that is not the user's (a teacher's grade) or no field at all: nothing to edit here
  if (!isModify(modify) || !modifyFieldsFor(Number(user.usertype)).includes(modify)) return <NotAvailablePage area="personal" />;
  return <Editor key={modify} modify={modify} user={user} />;
}

function Editor({ modify, user }: { modify: ModifyField; user: UserInfo }) {
  const { t } = useTranslation();
  const goBack = useGoBack('/myInfoDetail');
  const { save, saving } = useSaveProfile();
  const [error, setError] = useState<string | null>(null);
  const teacher = Number(user.usertype) === USERTYPE_TEACHER;
  const title =
    modify === 'stno' ? t(teacher ? 'profile.field.staffno' : 'profile.field.studentno') : t(`profile.field.${modify}`);
  const label =
    modify === 'stno' ? t(teacher ? 'profile.label.staffno' : 'profile.label.studentno') : t(`profile.label.${modify}`);

  const submit = async (changes: ProfileChanges) => {
    setError(null);
    try {
      const done = await save((confirm) => profileApi.edit(changes, confirm));
      if (done) goBack();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  let body: ReactNode;
  if (modify in TEXT_FIELDS) {
    body = <TextEditor modify={modify as TextModify} user={user} title={title} label={label} saving={saving} onSave={submit} />;
  } else if (modify === 'school') {
    body = <SchoolEditor initial={user.school} saving={saving} onSave={submit} />;
  } else if (modify === 'lesson') {
    body = <LessonEditor initial={user.teachcourse} saving={saving} onSave={(teachcourse) => submit({ teachcourse })} />;
  } else if (modify === 'major') {
    body = <MajorEditor initial={user.majors} saving={saving} onSave={(majors) => submit({ majors })} />;
  } else if (modify === 'grade') {
    body = <GradeEditor initial={user.additionInfo.grade} saving={saving} onSave={(grade) => submit({ grade })} />;
  } else {
    body = (
      <EnrollEditor initial={user.additionInfo.enrolltime} saving={saving} onSave={(enrolltime) => submit({ enrolltime })} />
    );
  }

  return (
    <div className="page info-modify-page" data-testid={`info-modify-${modify}`}>
      <PageNavBar title={t('profile.modifyTitle', { field: title })} onBack={goBack} />
      <div className="page-body">
        <FormError message={error} testid="info-modify-error" />
        {body}
      </div>
    </div>
  );
}

function TextEditor({
  modify,
  user,
  title,
  label,
  saving,
  onSave,
}: {
  modify: TextModify;
  user: UserInfo;
  title: string;
  label: string;
  saving: boolean;
  onSave: (changes: ProfileChanges) => void;
}) {
  const { t } = useTranslation();
  const key = TEXT_FIELDS[modify];
  const initial = key === 'classno' ? user.additionInfo.classno : user[key];
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Form
      layout="vertical"
      onFinish={() => {
        const found = profileTextProblem(modify, value, Number(user.usertype));
        setProblem(found);
        if (!found) onSave({ [key]: value.trim() });
      }}
      footer={
        <SubmitButton testid="info-save" loading={saving}>
          {t('profile.save')}
        </SubmitButton>
      }
    >
      <TextField
        testid="info-input"
        label={label}
        value={value}
        // spec 1 §5: the department keeps only Chinese characters, letters, digits and , . ( )
        onChange={(v) => {
          setValue(modify === 'depart' ? keepDepartmentChars(v) : v);
          setProblem(null);
        }}
        placeholder={t('profile.placeholder', { field: title })}
        error={problem ? t(problem) : undefined}
        hint={t(`profile.hint.${modify}`)}
      />
    </Form>
  );
}

function SchoolEditor({ initial, saving, onSave }: { initial: string; saving: boolean; onSave: (c: ProfileChanges) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Form
      layout="vertical"
      onFinish={() => {
        const found = profileTextProblem('school', value, 0);
        setProblem(found);
        if (!found) onSave({ school: value.trim() });
      }}
      footer={
        <SubmitButton testid="info-save" loading={saving}>
          {t('profile.save')}
        </SubmitButton>
      }
    >
      <SchoolField
        value={value}
        maxLength={SCHOOL_MAX}
        error={problem ? t(problem) : undefined}
        onChange={(v) => {
          setValue(v);
          setProblem(null);
        }}
      />
    </Form>
  );
}

function GradeEditor({ initial, saving, onSave }: { initial: string; saving: boolean; onSave: (grade: number) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div>
      <CheckList
        className="info-choice"
        value={value ? [value] : []}
        onChange={(v) => {
          setValue(String(v[0] ?? ''));
          setProblem(null);
        }}
      >
        {GRADE_CHOICES.map((g) => (
          <CheckList.Item key={g} value={String(g)} data-testid={`grade-${g}`}>
            {t(`common.grades.y${g}`)}
          </CheckList.Item>
        ))}
      </CheckList>
      {problem ? (
        <div className="field-error" role="alert">
          {t(problem)}
        </div>
      ) : null}
      <div className="info-footer">
        <SaveButton
          loading={saving}
          onClick={() => {
            if (!value) return setProblem('validation.grade');
            onSave(Number(value));
          }}
        />
      </div>
    </div>
  );
}

// English names the month ("March") as a native speaker writes it, not "Month 3"; Chinese writes 3月
const englishMonth = new Intl.DateTimeFormat('en', { month: 'long' });
const monthText = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
const monthDate = (ym: string) => new Date(Number(ym.slice(0, 4)), Number(ym.slice(5, 7)) - 1, 1);

function EnrollEditor({ initial, saving, onSave }: { initial: string; saving: boolean; onSave: (ym: string) => void }) {
  const { t } = useTranslation();
  const max = enrollMax();
  const today = monthText(new Date());
  // the month asked about, as the reader writes it: "March 2019" in English, 2019-03 in Chinese
  const monthName = (ym: string) => (currentLanguage() === 'en' ? `${englishMonth.format(monthDate(ym))} ${ym.slice(0, 4)}` : ym);
  const monthLabel = (n: number) =>
    currentLanguage() === 'en' ? englishMonth.format(new Date(2000, n - 1, 1)) : t('profile.monthLabel', { n });
  const [value, setValue] = useState(initial || today);
  return (
    <div>
      <p className="muted small info-note">{t('profile.hint.interSchoolTime')}</p>
      <div className="info-month" data-testid="enroll-picker" data-value={value}>
        <DatePickerView
          precision="month"
          min={monthDate(ENROLL_MIN)}
          max={monthDate(max)}
          value={monthDate(value)}
          onChange={(d) => setValue(monthText(d))}
          renderLabel={(type, n) => (type === 'year' ? t('profile.yearLabel', { n }) : monthLabel(n))}
        />
      </div>
      <div className="info-footer">
        <SaveButton
          loading={saving}
          onClick={async () => {
            // spec 1 §5: the enrolment month is confirmed in a dialog
            const ok = await confirmDialog({
              content: t('profile.enrollConfirm', { month: monthName(value) }),
              testid: 'enroll-confirm',
            }).result;
            if (ok) onSave(value);
          }}
        />
      </div>
    </div>
  );
}
