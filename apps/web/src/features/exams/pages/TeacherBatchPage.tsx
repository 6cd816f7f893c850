import { ATTEMPTS_MAX, TIME_LIMIT_MAX } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Popup, Stepper, Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { FormError } from '../../../components/FormError';
import { PageNavBar } from '../../../components/PageNavBar';
import { ApiError, errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { ListEmpty, ListLoading } from '../../notices/components/ListStates';
import { teacherExamKeys, teacherExamsApi } from '../api.teacher';
import { TestStateTag } from '../components/teacher/TestStateTag';
import { teacherTestState } from '../components/teacher/utils';
import '../../notices/notices.css';
import '../components/teacher/teacher.css';

type Action = 'publish' | 'end' | 'settings';

/**
 * /testing/batch?courseId=&courseRole=1 (spec 2 §2, issue 14): several tests at once — publish the
 * chosen drafts now, end the chosen tests under way, or give the chosen ones the same attempts, time
 * limit and score percentage. Confirmed first; the server checks every test and does all or none,
 * naming the test that stops it.
 */
export default function TeacherBatchPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  return (
    <div className="page activity-page exam-page" data-testid="test-batch-page">
      <PageNavBar title={t('exams.teacher.batch.title')} />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) => <Batch courseId={course.id} />}
      </CourseGate>
    </div>
  );
}

function Batch({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: teacherExamKeys.list(courseId),
    queryFn: () => teacherExamsApi.list(courseId),
    retry: retryNetworkOnly,
  });
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<string>();
  const [setting, setSetting] = useState(false);
  if (query.isPending) return <ListLoading testid="batch-loading" />;
  if (query.isError) return <QueryFailed error={query.error} onRetry={() => void query.refetch()} />;
  const list = query.data.list;
  if (list.length === 0)
    return <ListEmpty testid="batch-empty" title={t('exams.teacher.emptyTitle')} text={t('exams.teacher.emptyText')} />;
  const picked = list.filter((r) => chosen.includes(r.id));
  const drafts = picked.filter((r) => teacherTestState(r) === 'draft');
  const running = picked.filter((r) => ['notStarted', 'inProgress'].includes(teacherTestState(r)));

  const run = async (action: Action, extra: Record<string, number> = {}) => {
    const ok = await confirmDialog({
      content: t(`exams.teacher.batch.confirm.${action}`, { count: chosen.length }),
      testid: `batch-${action}`,
    }).result;
    if (!ok) return false;
    setBusy(action);
    setError(undefined);
    try {
      const done = await teacherExamsApi.batch(courseId, chosen, action, extra);
      Toast.show({ content: t(`exams.teacher.batch.done.${action}`, { count: done.count }) });
      setChosen([]);
      await queryClient.invalidateQueries({ queryKey: teacherExamKeys.all(courseId) });
      return true;
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorMessage(e));
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="page-body exam-form" data-testid="batch">
      <p className="muted small">{t('exams.teacher.batch.hint')}</p>
      <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as number[])}>
        <ul className="exam-offline-list">
          {list.map((row) => (
            <li key={row.id} className="exam-offline-row" data-testid="batch-row" data-id={row.id}>
              <Checkbox value={row.id} data-testid="batch-check">
                <span className="exam-offline-name">{row.title}</span>
              </Checkbox>
              <TestStateTag state={teacherTestState(row)} testid="batch-row-state" />
            </li>
          ))}
        </ul>
      </Checkbox.Group>
      <FormError message={error} testid="batch-error" />
      <div className="exam-offline-bar">
        <Button
          color="primary"
          disabled={chosen.length === 0 || drafts.length !== picked.length}
          loading={busy === 'publish'}
          onClick={() => void run('publish')}
          data-testid="batch-publish"
        >
          {t('exams.teacher.batch.publish')}
        </Button>
        <Button
          color="danger"
          fill="outline"
          disabled={chosen.length === 0 || running.length !== picked.length}
          loading={busy === 'end'}
          onClick={() => void run('end')}
          data-testid="batch-end"
        >
          {t('exams.teacher.batch.end')}
        </Button>
        <Button disabled={chosen.length === 0} onClick={() => setSetting(true)} data-testid="batch-settings">
          {t('exams.teacher.batch.settings')}
        </Button>
      </div>
      <p className="muted small" data-testid="batch-chosen">
        {t('exams.teacher.batch.chosen', { count: chosen.length })}
      </p>
      <Popup visible={setting} onMaskClick={() => setSetting(false)} bodyClassName="sheet-popup" destroyOnClose>
        <BatchSettings busy={busy === 'settings'} onApply={async (s) => (await run('settings', s)) && setSetting(false)} />
      </Popup>
    </div>
  );
}

/** The settings given to every chosen test: attempts, time limit (0 none), score percentage. */
function BatchSettings({ busy, onApply }: { busy: boolean; onApply: (settings: Record<string, number>) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [attempts, setAttempts] = useState(1);
  const [timelimit, setTimelimit] = useState(0);
  const [scorepercent, setScorepercent] = useState(0);
  const row = (label: string, value: number, set: (n: number) => void, max: number, testid: string, min = 0) => (
    <div className="exam-batch-setting">
      <span>{label}</span>
      <Stepper min={min} max={max} value={value} onChange={(v) => set(v ?? min)} data-testid={testid} aria-label={label} />
    </div>
  );
  return (
    <div className="exam-batch-sheet" data-testid="batch-settings-sheet">
      <div className="sheet-head">
        <span className="sheet-title">{t('exams.teacher.batch.settingsTitle')}</span>
      </div>
      {row(t('exams.teacher.batch.attempts'), attempts, setAttempts, ATTEMPTS_MAX, 'batch-attempts', 1)}
      {row(t('exams.teacher.batch.timelimit'), timelimit, setTimelimit, TIME_LIMIT_MAX, 'batch-timelimit')}
      {row(t('exams.teacher.batch.scorepercent'), scorepercent, setScorepercent, 100, 'batch-scorepercent')}
      <Button
        block
        color="primary"
        loading={busy}
        onClick={() => void onApply({ attempts, timelimit, scorepercent })}
        data-testid="batch-apply"
      >
        {t('exams.teacher.batch.apply')}
      </Button>
    </div>
  );
}
