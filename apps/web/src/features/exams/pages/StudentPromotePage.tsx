import { PASS_STATES } from '@paiclass/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Tabs } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { type TFunction, useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { ListBody, ListEmpty } from '../../notices/components/ListStates';
import { mistakesApi, mistakesKeys, mistakesPaths } from '../api.mistakes';
import { type PassThrough, type Practice, practiceApi, practiceKeys, practicePaths } from '../api.practice';
import { studentExamPaths } from '../api.student';
import '../../notices/notices.css';
import '../components/student/student.css';
import '../components/student/mistakes.css';
import '../components/student/practice.css';

/**
 * /testing/promoteKnowlegePoints?courseId=: a student's promotion practice (issue 14). The first tab
 * lists their weak knowledge points (and the others) with a practice on each and on every weak one
 * together, and the practices left unfinished; the second is the pass-through practice: one level per
 * knowledge point, each not started, in progress or completed (spec 2 §4), opening in turn.
 */
export default function StudentPromotePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const tab = params.get('tab') === 'levels' ? 'levels' : 'points';
  const goBack = useGoBack(courseId ? mistakesPaths.weak(courseId) : undefined);
  return (
    <div className="page ex-page" data-testid="promote-page">
      <PageNavBar title={t('exams.practice.promoteTitle')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) => (
          <>
            <Tabs
              activeKey={tab}
              onChange={(key) =>
                setParams(
                  key === 'levels'
                    ? { courseId: String(course.id), courseRole: '0', tab: 'levels' }
                    : { courseId: String(course.id), courseRole: '0' },
                  { replace: true },
                )
              }
              className="pr-tabs"
            >
              <Tabs.Tab title={<span data-testid="tab-points">{t('exams.practice.tabPoints')}</span>} key="points" />
              <Tabs.Tab title={<span data-testid="tab-levels">{t('exams.practice.tabLevels')}</span>} key="levels" />
            </Tabs>
            {tab === 'points' ? <PointsTab courseId={course.id} /> : <LevelsTab courseId={course.id} />}
          </>
        )}
      </CourseGate>
    </div>
  );
}

/** Starts a practice (or resumes the unfinished one the server answers) and opens it. */
function useStart(courseId: number) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (what: { points: string[] } | { level: number }) =>
      'level' in what ? practiceApi.startLevel(courseId, what.level) : practiceApi.start(courseId, what.points),
    onSuccess: (p: Practice) => navigate(practicePaths.practice(courseId, p.id)),
    onError: (e) => showApiError(e),
  });
}

function PointsTab({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStart(courseId);
  const weak = useQuery({
    queryKey: mistakesKeys.weak(courseId),
    queryFn: () => mistakesApi.weakPoints(courseId),
    retry: retryNetworkOnly,
    staleTime: 0,
  });
  const list = useQuery({
    queryKey: practiceKeys.list(courseId),
    queryFn: () => practiceApi.list(courseId),
    retry: retryNetworkOnly,
    staleTime: 0,
  });
  const rows = weak.data?.lists ?? [];
  const weakRows = rows.filter((p) => p.weak);
  const others = rows.filter((p) => !p.weak);
  const open = (list.data?.lists ?? []).filter((p) => p.status === 0);
  const empty =
    rows.length === 0 ? (
      <ListEmpty
        testid="promote-empty"
        title={t('exams.practice.emptyTitle')}
        text={t('exams.practice.emptyText')}
        action={t('exams.practice.toTests')}
        onAction={() => navigate(studentExamPaths.list(courseId))}
      />
    ) : null;
  const pending = start.isPending ? (start.variables as { points?: string[] } | undefined)?.points?.join('\n') : undefined;
  return (
    <div className="page-body ex-body" data-testid="promote-points" aria-busy={weak.isFetching}>
      {open.length > 0 ? (
        <section className="ex-card" data-testid="promote-open">
          <h2 className="pr-section-title">{t('exams.practice.unfinished')}</h2>
          <ul className="pr-open">
            {open.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className="pr-open-row"
                  onClick={() => navigate(practicePaths.practice(courseId, p.id))}
                  data-testid="promote-open-row"
                  data-id={p.id}
                >
                  <span className="pr-open-name">
                    {p.level ? t('exams.practice.levelName', { level: p.level, point: p.points[0] }) : p.points.join('、')}
                  </span>
                  <span className="pr-open-progress">
                    {t('exams.practice.continue', { answered: p.answered, total: p.total })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ListBody query={weak} empty={empty} loadingTestid="promote-loading">
        {weakRows.length === 0 ? (
          <p className="ex-note is-success" data-testid="promote-no-weak">
            {t('exams.practice.noWeak')}
          </p>
        ) : (
          <>
            <p className="ex-note" style={{ margin: '0 0 12px' }}>
              {t('exams.practice.weakIntro', { count: weakRows.length })}
            </p>
            {weakRows.length > 1 ? (
              <Button
                block
                color="primary"
                style={{ marginBottom: 12 }}
                loading={pending === weakRows.map((p) => p.point).join('\n')}
                disabled={start.isPending}
                onClick={() => start.mutate({ points: weakRows.map((p) => p.point) })}
                data-testid="promote-all"
              >
                {t('exams.practice.practiseAll', { count: weakRows.length })}
              </Button>
            ) : null}
          </>
        )}
        <PointList
          t={t}
          rows={weakRows}
          pending={pending}
          disabled={start.isPending}
          onStart={(point) => start.mutate({ points: [point] })}
        />
        {others.length > 0 ? (
          <>
            <h2 className="pr-section-title" style={{ margin: '16px 0 8px' }}>
              {t('exams.practice.otherPoints')}
            </h2>
            <PointList
              t={t}
              rows={others}
              pending={pending}
              disabled={start.isPending}
              onStart={(point) => start.mutate({ points: [point] })}
            />
          </>
        ) : null}
      </ListBody>
    </div>
  );
}

type WeakRow = { point: string; rate: number; correct: number; answers: number; weak: 0 | 1 };

function PointList({
  t,
  rows,
  pending,
  disabled,
  onStart,
}: {
  t: TFunction;
  rows: WeakRow[];
  pending: string | undefined;
  disabled: boolean;
  onStart: (point: string) => void;
}) {
  return (
    <ul className="ex-weak">
      {rows.map((p) => (
        <li key={p.point} data-testid="promote-point" data-point={p.point} data-weak={p.weak}>
          <div className="ex-row-head">
            <h2 className="ex-title">{p.point}</h2>
            {p.weak ? <span className="ex-tag is-red">{t('exams.mistakes.weak')}</span> : null}
          </div>
          <div className={`ex-bar${p.weak ? ' is-weak' : ''}`} aria-hidden="true">
            <span style={{ width: `${p.rate}%` }} />
          </div>
          <div className="pr-point-foot">
            <div className="ex-meta" data-testid="promote-point-rate">
              <span>{t('exams.mistakes.rate', { rate: p.rate })}</span>
              <span>{t('exams.mistakes.answers', { correct: p.correct, count: p.answers })}</span>
            </div>
            <Button
              size="small"
              color="primary"
              fill={p.weak ? 'solid' : 'outline'}
              loading={pending === p.point}
              disabled={disabled}
              onClick={() => onStart(p.point)}
              data-testid="promote-point-start"
            >
              {t('exams.practice.practise')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

const STATE_TONE: Record<number, string> = {
  [PASS_STATES.notStarted]: '',
  [PASS_STATES.inProgress]: 'is-blue',
  [PASS_STATES.completed]: 'is-green',
};

function LevelsTab({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStart(courseId);
  const query = useQuery({
    queryKey: practiceKeys.levels(courseId),
    queryFn: () => practiceApi.levels(courseId),
    retry: retryNetworkOnly,
    staleTime: 0,
  });
  const data: PassThrough | undefined = query.data;
  const levels = data?.lists ?? [];
  const passed = levels.filter((l) => l.state === PASS_STATES.completed).length;
  const empty =
    levels.length === 0 ? (
      <ListEmpty testid="levels-empty" title={t('exams.practice.levelsEmpty')} text={t('exams.practice.levelsEmptyText')} />
    ) : null;
  const pending = start.isPending ? (start.variables as { level?: number } | undefined)?.level : undefined;
  return (
    <div className="page-body ex-body" data-testid="promote-levels" aria-busy={query.isFetching}>
      <ListBody query={query} empty={empty} loadingTestid="levels-loading">
        {data ? (
          <section className="ex-card pr-levels-head" data-testid="levels-head" data-state={data.state}>
            <div className="ex-row-head">
              <h2 className="ex-title">{t('exams.practice.levelsTitle')}</h2>
              <span className={`ex-tag ${STATE_TONE[data.state] ?? ''}`} data-testid="levels-state">
                {t(`exams.practice.state.${data.state}`)}
              </span>
            </div>
            <p className="ex-meta" data-testid="levels-progress">
              {t('exams.practice.levelsProgress', { passed, count: levels.length })}
            </p>
            <p className="ex-note" style={{ marginBottom: 0 }}>
              {t('exams.practice.levelsRule', { count: data.questions, rate: data.passrate })}
            </p>
          </section>
        ) : null}
        <ol className="pr-levels">
          {levels.map((l) => (
            <li
              key={l.point}
              className={`pr-level${l.locked ? ' is-locked' : ''}`}
              data-testid="level"
              data-level={l.level}
              data-state={l.state}
              data-locked={l.locked}
            >
              <span className={`pr-level-no ${STATE_TONE[l.state] ?? ''}`} aria-hidden="true">
                {l.locked ? <LockOutline /> : l.level}
              </span>
              <div className="pr-level-body">
                <div className="ex-row-head">
                  <h3 className="ex-title" data-testid="level-name">
                    {t('exams.practice.levelName', { level: l.level, point: l.point })}
                  </h3>
                  <span className={`ex-tag ${STATE_TONE[l.state] ?? ''}`} data-testid="level-state">
                    {t(`exams.practice.state.${l.state}`)}
                  </span>
                </div>
                <div className="ex-meta">
                  {l.locked ? (
                    <span data-testid="level-locked">{t('exams.practice.locked')}</span>
                  ) : (
                    <>
                      <span>{t('exams.practice.available', { count: Math.min(l.available, data?.questions ?? 5) })}</span>
                      {l.tries > 0 ? <span data-testid="level-best">{t('exams.practice.best', { rate: l.best })}</span> : null}
                    </>
                  )}
                </div>
              </div>
              {l.locked ? null : (
                <Button
                  size="small"
                  color="primary"
                  fill={l.state === PASS_STATES.completed ? 'outline' : 'solid'}
                  loading={pending === l.level}
                  disabled={start.isPending}
                  onClick={() =>
                    l.practiceid ? navigate(practicePaths.practice(courseId, l.practiceid)) : start.mutate({ level: l.level })
                  }
                  data-testid="level-start"
                >
                  {l.practiceid
                    ? t('exams.practice.resume')
                    : l.state === PASS_STATES.completed
                      ? t('exams.practice.again')
                      : l.state === PASS_STATES.inProgress
                        ? t('exams.practice.retry')
                        : t('exams.practice.startLevel')}
                </Button>
              )}
            </li>
          ))}
        </ol>
      </ListBody>
    </div>
  );
}
