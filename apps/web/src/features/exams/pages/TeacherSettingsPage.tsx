import {
  ATTEMPTS_MAX,
  EXTRA_TIME_MAX,
  PUBLISH_STATES,
  SWITCH_LIMIT_MAX,
  TEST_PROGRESS_CMD,
  TIME_LIMIT_MAX,
} from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Selector, Switch, Toast } from 'antd-mobile';
import { type MutableRefObject, type ReactNode, useEffect, useRef, useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { ApiError, errorMessage, showApiError } from '../../../lib/api';
import { refusedField } from '../../../lib/useFormErrors';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useLiveRefetch } from '../../../lib/socket';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { useLeaveGuard } from '../../courses/hooks/useLeaveGuard';
import { DateTimeField } from '../../../components/DateTimeField';
import { formatTime, fromLocalInput, toLocalInput } from '../../materials/utils';
import { membersApi } from '../../members/api';
import { parseItemId } from '../../notices/utils';
import { teacherExamKeys, teacherExamsApi } from '../api.teacher';
import { teacherTestPaths } from '../components/teacher/paths';
import { TestStateTag } from '../components/teacher/TestStateTag';
import { asksBeforeShowingAnswers, teacherTestState } from '../components/teacher/utils';
import type { TeacherTest, TestSettings } from '../types';
import '../../notices/notices.css';
import '../../materials/materials.css';
import '../components/teacher/teacher.css';

/**
 * /testing/settings?courseId=&id=: one test for its teacher: its state and counts, publishing,
 * ending early, the settings (time limit, open and close, attempts, shuffling, answers shown, score
 * percentage, screen switches, offline) and per-student extra time (issue 14, spec 2 §5).
 */
export default function TeacherSettingsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  // settings changed and not saved: the back arrow asks first
  const [dirty, setDirty] = useState(false);
  const goBack = useLeaveGuard(dirty, courseId ? teacherTestPaths.list(courseId) : undefined);
  return (
    <div className="page activity-page exam-page" data-testid="teacher-settings-page">
      <PageNavBar title={t('exams.teacher.settings.title')} onBack={() => void goBack()} />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) =>
          id === null ? (
            <LoadFailed message={t('exams.teacher.notFound')} />
          ) : (
            <TestLoader courseId={course.id} id={id} dirty={dirty} onDirty={setDirty} />
          )
        }
      </CourseGate>
    </div>
  );
}

/** Saves the settings typed in the form; false when they were refused (the form shows why). */
type SaveSettings = () => Promise<boolean>;

function TestLoader({
  courseId,
  id,
  dirty,
  onDirty,
}: {
  courseId: number;
  id: number;
  dirty: boolean;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  // publishing saves the settings typed and not saved first (issue 25: a time limit typed was lost)
  const saveSettings = useRef<SaveSettings | null>(null);
  const test = useQuery({
    queryKey: teacherExamKeys.test(courseId, id),
    queryFn: () => teacherExamsApi.details(courseId, id),
    retry: retryNetworkOnly,
  });
  // the form starts again from the server's settings whenever they read differently and nothing is
  // typed: a cached copy shown first (a weight since set in the score book) is replaced (issue 25). The
  // same settings read again start nothing: a start decided just before a keystroke was handled threw
  // that keystroke away (a time limit typed as the page's own refetch landed)
  const read = JSON.stringify(test.data?.settings ?? null);
  const [version, setVersion] = useState(read);
  useEffect(() => {
    if (!dirty) setVersion(read);
  }, [dirty, read]);
  if (test.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (test.isError) return <QueryFailed error={test.error} onRetry={() => void test.refetch()} />;
  return (
    <div className="page-body exam-form">
      <TestHead courseId={courseId} test={test.data} dirty={dirty} saveSettings={saveSettings} />
      <SettingsForm
        key={`${test.data.id}:${version}`}
        courseId={courseId}
        test={test.data}
        onDirty={onDirty}
        saveRef={saveSettings}
      />
      {test.data.published ? <ExtraTime courseId={courseId} test={test.data} /> : null}
    </div>
  );
}

/**
 * Not started, under way and handed in, as they change (issue 25): read again on each student's start
 * and hand-in, by a query of their own so that the settings form below is not read anew meanwhile.
 */
function LiveCounts({ courseId, test }: { courseId: number; test: TeacherTest }) {
  const { t } = useTranslation();
  const live = useQuery({
    queryKey: [...teacherExamKeys.test(courseId, test.id), 'counts'],
    queryFn: () => teacherExamsApi.details(courseId, test.id),
    enabled: false,
    retry: retryNetworkOnly,
  });
  const listening = useLiveRefetch(
    courseId,
    [TEST_PROGRESS_CMD],
    () => void live.refetch(),
    (d: { testpaperid?: number } | null) => Number(d?.testpaperid) === Number(test.id),
  );
  const c = (live.data ?? test).counts;
  return (
    <p className="muted small" data-testid="test-counts" data-live={listening ? 'on' : undefined}>
      {t('exams.teacher.settings.counts', {
        students: c.students,
        notstarted: c.notstarted,
        inprogress: c.inprogress,
        submitted: c.submitted,
        pending: c.pending,
      })}
    </p>
  );
}

function TestHead({
  courseId,
  test,
  dirty,
  saveSettings,
}: {
  courseId: number;
  test: TeacherTest;
  dirty: boolean;
  saveSettings: MutableRefObject<SaveSettings | null>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [publishAt, setPublishAt] = useState('');
  const [publishError, setPublishError] = useState<string>();
  const state = teacherTestState({
    publishState: Number(test.publishState),
    begintime: test.settings.begintime,
    endtime: test.settings.endtime,
  });
  const scheduled = Number(test.publishState) === PUBLISH_STATES.scheduled;
  const act = async (kind: 'publish' | 'end' | 'delete') => {
    const at = kind === 'publish' ? fromLocalInput(publishAt) : 0;
    if (kind === 'publish' && publishAt && at <= Date.now() / 1000) {
      setPublishError(t('exams.teacher.settings.publishAtPast'));
      return;
    }
    const unsaved = kind === 'publish' && dirty;
    const text =
      kind === 'publish' && at
        ? t('exams.teacher.settings.scheduleText', { time: formatTime(at) })
        : t(`exams.teacher.settings.${kind}Text`);
    const ok = await confirmDialog({
      title: t(`exams.teacher.settings.${kind}Title`),
      content: unsaved ? `${t('exams.teacher.settings.publishSavesFirst')} ${text}` : text,
      confirmText: kind === 'publish' && at ? t('exams.teacher.settings.schedule') : t(`exams.teacher.settings.${kind}`),
      danger: kind !== 'publish',
      testid: `test-${kind}`,
    }).result;
    if (!ok) return;
    // the settings typed are saved before the paper is published; refused ones stop the publishing
    if (unsaved && !(await saveSettings.current?.())) return;
    setBusy(true);
    try {
      if (kind === 'delete') {
        await teacherExamsApi.remove(courseId, test.id);
        await queryClient.invalidateQueries({ queryKey: teacherExamKeys.list(courseId) });
        Toast.show({ content: t('exams.teacher.settings.deleted') });
        navigate(teacherTestPaths.list(courseId), { replace: true });
        return;
      }
      const saved =
        kind === 'publish' ? await teacherExamsApi.publish(courseId, test.id, at) : await teacherExamsApi.end(courseId, test.id);
      queryClient.setQueryData(teacherExamKeys.test(courseId, test.id), saved);
      await queryClient.invalidateQueries({ queryKey: teacherExamKeys.list(courseId) });
      Toast.show({
        content:
          kind === 'end'
            ? t('exams.teacher.settings.ended')
            : at
              ? t('exams.teacher.settings.scheduled')
              : t('exams.teacher.settings.published'),
      });
    } catch (e) {
      // a publish time the server finds past is said under the field
      if (kind === 'publish' && refusedField(e, [['validation.timePast', 'publish_time']])) setPublishError(errorMessage(e));
      else showApiError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="form-card exam-head" data-testid="test-head">
      <div className="exam-head-title" data-testid="test-title">
        {test.title}
      </div>
      <div className="exam-question-tags">
        <TestStateTag state={state} testid="test-state" />
        <span className="muted small" data-testid="test-summary">
          {t('exams.teacher.rowSummary', { count: test.fullcount, score: test.totalScore })}
        </span>
      </div>
      {scheduled ? (
        <p className="muted small" data-testid="test-publish-at">
          {t('exams.teacher.settings.publishesAt', { time: formatTime(Number(test.publish_time)) })}
        </p>
      ) : null}
      {test.published ? (
        <LiveCounts courseId={courseId} test={test} />
      ) : (
        <DateTimeField
          testid="test-publish-time"
          label={t('exams.teacher.settings.publishAt')}
          value={publishAt}
          min={toLocalInput(Math.floor(Date.now() / 1000) + 60)}
          clearable
          onChange={(v) => {
            setPublishAt(v);
            setPublishError(undefined);
          }}
          error={publishError}
          hint={t('exams.teacher.settings.publishAtHint')}
        />
      )}
      <div className="exam-actions">
        {!test.published ? (
          <Button size="small" onClick={() => navigate(teacherTestPaths.update(courseId, test.id))} data-testid="test-edit-paper">
            {t('exams.teacher.settings.editPaper')}
          </Button>
        ) : null}
        <Button size="small" onClick={() => navigate(teacherTestPaths.preview(courseId, test.id))} data-testid="test-preview">
          {t('exams.teacher.settings.preview')}
        </Button>
        {test.published && !scheduled ? (
          <Button size="small" onClick={() => navigate(teacherTestPaths.review(courseId, test.id))} data-testid="test-review">
            {t('exams.teacher.settings.review')}
          </Button>
        ) : null}
        {!test.published ? (
          <Button size="small" color="primary" loading={busy} onClick={() => void act('publish')} data-testid="test-publish">
            {publishAt ? t('exams.teacher.settings.schedule') : t('exams.teacher.settings.publish')}
          </Button>
        ) : state !== 'ended' && !scheduled ? (
          <Button
            size="small"
            color="danger"
            fill="outline"
            loading={busy}
            onClick={() => void act('end')}
            data-testid="test-end"
          >
            {t('exams.teacher.settings.end')}
          </Button>
        ) : null}
        <Button
          size="small"
          color="danger"
          fill="none"
          loading={busy}
          onClick={() => void act('delete')}
          data-testid="test-delete"
        >
          {t('exams.teacher.settings.delete')}
        </Button>
      </div>
    </div>
  );
}

const flag = (on: boolean) => (on ? 1 : 0) as 0 | 1;

const intIn = (text: string, min: number, max: number) => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
};

function SettingsForm({
  courseId,
  test,
  onDirty,
  saveRef,
}: {
  courseId: number;
  test: TeacherTest;
  onDirty: (dirty: boolean) => void;
  saveRef: MutableRefObject<SaveSettings | null>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const s = test.settings;
  const [testtype, setTesttype] = useState(s.testtype);
  const [timelimit, setTimelimit] = useState(String(s.timelimit));
  const [begin, setBegin] = useState(toLocalInput(s.begintime));
  const [end, setEnd] = useState(toLocalInput(s.endtime));
  const [attempts, setAttempts] = useState(String(s.attempts));
  const [shuffleQ, setShuffleQ] = useState(s.shufflequestions === 1);
  const [shuffleO, setShuffleO] = useState(s.shuffleoptions === 1);
  const [showanswer, setShowanswer] = useState(s.showanswer);
  const [scorepercent, setScorepercent] = useState(String(s.scorepercent));
  const [antiSwitch, setAntiSwitch] = useState(s.switchlimit > 0);
  const [switchlimit, setSwitchlimit] = useState(s.switchlimit > 0 ? String(s.switchlimit) : '');
  const [offline, setOffline] = useState(s.offline === 1);
  const [partial, setPartial] = useState(s.partialcredit === 1);
  const [release, setRelease] = useState(s.releasescore === 1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const clear = (field: string) => {
    onDirty(true);
    setFormError(undefined);
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const err = (field: string) =>
    errors[field] ? (
      <div className="field-error" data-testid={`settings-${field}-error`}>
        {errors[field]}
      </div>
    ) : null;

  const save = async (): Promise<boolean> => {
    const found: Record<string, string> = {};
    const limit = intIn(timelimit, 0, TIME_LIMIT_MAX);
    if (limit === null) found.timelimit = t('validation.timeLimit');
    const tries = intIn(attempts, 1, ATTEMPTS_MAX);
    if (tries === null) found.attempts = t('validation.attempts');
    const percent = intIn(scorepercent, 0, 100);
    if (percent === null) found.scorepercent = t('exams.teacher.settings.percentInvalid');
    // spec 2 §5: the screen-switch count must be entered
    const switches = antiSwitch ? intIn(switchlimit, 1, SWITCH_LIMIT_MAX) : 0;
    if (switches === null) found.switchlimit = t('exams.teacher.settings.switchRequired');
    const begintime = fromLocalInput(begin);
    const endtime = fromLocalInput(end);
    if (endtime && begintime && endtime <= begintime) found.endtime = t('exams.teacher.settings.endBeforeBegin');
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return false;
    }
    const body: Partial<TestSettings> = {
      testtype,
      timelimit: limit!,
      attempts: tries!,
      shufflequestions: flag(shuffleQ),
      shuffleoptions: flag(shuffleO),
      showanswer,
      scorepercent: percent!,
      switchlimit: switches!,
      partialcredit: flag(partial),
      releasescore: flag(release),
      ...(test.published ? {} : { offline: flag(offline) }),
    };
    // answers right after hand-in while others still sit the test: the teacher is told what it means first
    if (asksBeforeShowingAnswers(test, showanswer)) {
      const ok = await confirmDialog({
        title: t('exams.teacher.settings.showanswerNowTitle'),
        content: t('exams.teacher.settings.showanswerNowText'),
        confirmText: t('exams.teacher.settings.showanswerNowConfirm'),
        testid: 'settings-showanswer-now',
      }).result;
      if (!ok) return false;
    }
    // a time unchanged is not sent: a published test's past begin time stays as it was
    if (begintime !== s.begintime) body.begintime = begintime;
    if (endtime !== s.endtime) body.endtime = endtime;
    setSaving(true);
    try {
      const saved = await teacherExamsApi.settings(courseId, test.id, body);
      queryClient.setQueryData(teacherExamKeys.test(courseId, test.id), saved);
      await queryClient.invalidateQueries({ queryKey: teacherExamKeys.list(courseId) });
      onDirty(false);
      Toast.show({ content: t('exams.teacher.settings.saved') });
      return true;
    } catch (e) {
      const refused = refusedField(e, [
        ['validation.timePast', 'endtime'],
        ['validation.closeBeforeBegin', 'endtime'],
      ]);
      if (refused) setErrors({ endtime: errorMessage(e) });
      else if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
      return false;
    } finally {
      setSaving(false);
    }
  };
  saveRef.current = save;

  const numberField = (field: string, label: string, value: string, set: (v: string) => void, hint?: string) => (
    <label className="exam-field">
      <span className="field-label">{label}</span>
      <input
        className="exam-input exam-number"
        inputMode="numeric"
        value={value}
        onChange={(e) => {
          set(e.target.value);
          clear(field);
        }}
        data-testid={`settings-${field}`}
      />
      {hint && !errors[field] ? <span className="field-hint">{hint}</span> : null}
      {err(field)}
    </label>
  );
  const toggle = (
    field: string,
    label: ReactNode,
    value: boolean,
    set: (v: boolean) => void,
    disabled = false,
    hint?: string,
  ) => (
    <div className="exam-switch-row">
      <div>
        <div>{label}</div>
        {hint ? <div className="field-hint">{hint}</div> : null}
      </div>
      <Switch
        checked={value}
        disabled={disabled}
        onChange={(v) => {
          set(v);
          clear(field);
        }}
        data-testid={`settings-${field}`}
      />
    </div>
  );

  return (
    <form
      className="form-card"
      noValidate
      data-testid="settings-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="exam-field">
        <span className="field-label">{t('exams.teacher.settings.testtype')}</span>
        <Selector
          options={[
            { label: t('exams.common.general'), value: 1 },
            { label: t('exams.common.exam'), value: 2 },
          ]}
          value={[testtype]}
          onChange={(v) => {
            if (!v[0]) return;
            setTesttype(v[0]);
            onDirty(true);
          }}
          data-testid="settings-testtype"
        />
      </div>
      {numberField(
        'timelimit',
        t('exams.teacher.settings.timelimit'),
        timelimit,
        setTimelimit,
        t('exams.teacher.settings.timelimitHint'),
      )}
      <DateTimeField
        testid="settings-begintime"
        label={t('exams.teacher.settings.begintime')}
        value={begin}
        clearable
        onChange={(v) => {
          setBegin(v);
          clear('endtime');
        }}
        hint={t('exams.teacher.settings.begintimeHint')}
      />
      <DateTimeField
        testid="settings-endtime"
        label={t('exams.teacher.settings.endtime')}
        value={end}
        min={begin || undefined}
        clearable
        onChange={(v) => {
          setEnd(v);
          clear('endtime');
        }}
        error={errors.endtime}
        hint={t('exams.teacher.settings.endtimeHint')}
      />
      {numberField(
        'attempts',
        t('exams.teacher.settings.attempts'),
        attempts,
        setAttempts,
        t('exams.teacher.settings.attemptsHint'),
      )}
      {toggle('shufflequestions', t('exams.teacher.settings.shuffleQuestions'), shuffleQ, setShuffleQ)}
      {toggle('shuffleoptions', t('exams.teacher.settings.shuffleOptions'), shuffleO, setShuffleO)}
      <div className="exam-field">
        <span className="field-label">{t('exams.teacher.settings.showanswer')}</span>
        <Selector
          options={[1, 2, 3].map((v) => ({ label: t(`exams.teacher.settings.showanswer${v}`), value: v }))}
          value={[showanswer]}
          onChange={(v) => {
            if (!v[0]) return;
            setShowanswer(v[0]);
            onDirty(true);
          }}
          data-testid="settings-showanswer"
        />
      </div>
      {numberField(
        'scorepercent',
        t('exams.teacher.settings.scorepercent'),
        scorepercent,
        setScorepercent,
        t('exams.teacher.settings.scorepercentHint'),
      )}
      {toggle(
        'antiswitch',
        t('exams.teacher.settings.antiSwitch'),
        antiSwitch,
        setAntiSwitch,
        false,
        t('exams.teacher.settings.antiSwitchHint'),
      )}
      {antiSwitch ? numberField('switchlimit', t('exams.teacher.settings.switchlimit'), switchlimit, setSwitchlimit) : null}
      {toggle(
        'offline',
        t('exams.teacher.settings.offline'),
        offline,
        setOffline,
        test.published === 1,
        test.published ? t('exams.teacher.settings.offlineFixed') : t('exams.teacher.settings.offlineHint'),
      )}
      {toggle('partialcredit', t('exams.teacher.settings.partialcredit'), partial, setPartial)}
      {toggle(
        'releasescore',
        t('exams.teacher.settings.releasescore'),
        release,
        setRelease,
        false,
        t('exams.teacher.settings.releasescoreHint'),
      )}
      <FormError message={formError} testid="settings-form-error" />
      <Button block color="primary" type="submit" loading={saving} data-testid="settings-save">
        {t('exams.teacher.settings.save')}
      </Button>
    </form>
  );
}

function ExtraTime({ courseId, test }: { courseId: number; test: TeacherTest }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const students = useQuery({
    queryKey: ['exams', courseId, 'students'],
    queryFn: () => membersApi.students({ courseid: courseId, page: 1, limit: 100 }),
    retry: retryNetworkOnly,
  });
  const [uid, setUid] = useState(0);
  const [minutes, setMinutes] = useState('10');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const give = async (who: number, mins: number) => {
    setBusy(true);
    setError(undefined);
    try {
      await teacherExamsApi.extraTime(courseId, test.id, [who], mins);
      await queryClient.invalidateQueries({ queryKey: teacherExamKeys.test(courseId, test.id) });
      Toast.show({ content: mins ? t('exams.teacher.extra.saved') : t('exams.teacher.extra.removed') });
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const add = () => {
    const mins = intIn(minutes, 1, EXTRA_TIME_MAX);
    if (!uid) return setError(t('exams.teacher.extra.chooseStudent'));
    if (mins === null) return setError(t('exams.teacher.extra.minutesInvalid'));
    void give(uid, mins);
  };
  return (
    <div className="form-card" data-testid="extra-time">
      <div className="exam-section-title">{t('exams.teacher.extra.title')}</div>
      <p className="field-hint">{t('exams.teacher.extra.hint')}</p>
      {test.extratimes.length === 0 ? <p className="muted small">{t('exams.teacher.extra.none')}</p> : null}
      {test.extratimes.map((x) => (
        <div className="exam-switch-row" key={x.uid} data-testid="extra-row">
          <span>
            {x.username} {x.stno ? <span className="muted small">{x.stno}</span> : null} ·{' '}
            {t('exams.teacher.extra.minutes', { count: x.minutes })}
          </span>
          <button
            type="button"
            className="exam-link danger-text"
            disabled={busy}
            onClick={() => void give(x.uid, 0)}
            data-testid="extra-remove"
          >
            {t('exams.teacher.extra.remove')}
          </button>
        </div>
      ))}
      <div className="exam-option-row exam-extra-add">
        <select
          className="exam-select"
          value={uid}
          onChange={(e) => setUid(Number(e.target.value))}
          data-testid="extra-student"
          aria-label={t('exams.teacher.extra.student')}
        >
          <option value={0}>{students.isPending ? t('common.loading') : t('exams.teacher.extra.student')}</option>
          {(students.data?.list ?? []).map((st) => (
            <option key={st.uid} value={st.uid}>
              {st.username}
              {st.stno ? ` (${st.stno})` : ''}
            </option>
          ))}
        </select>
        <input
          className="exam-input exam-number"
          inputMode="numeric"
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          aria-label={t('exams.teacher.extra.minutesLabel')}
          data-testid="extra-minutes"
        />
        <Button size="small" color="primary" loading={busy} onClick={add} data-testid="extra-add">
          {t('exams.teacher.extra.add')}
        </Button>
      </div>
      <FormError message={error} testid="extra-error" />
    </div>
  );
}
