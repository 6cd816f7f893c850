import { FILE_TYPES, MANUAL_TYPES, OPTION_TYPES, QUESTION_TYPES } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tabs, Tag, Toast } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { FilterTabs } from '../../../components/FilterTabs';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { ApiError, errorMessage, showApiError } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { FileLinks } from '../../homework/components/FileLinks';
import { ListEmpty, ListLoading } from '../../notices/components/ListStates';
import { parseItemId } from '../../notices/utils';
import { teacherExamKeys, teacherExamsApi } from '../api.teacher';
import { ItemView } from '../components/teacher/ItemView';
import { OfflineScoresView } from '../components/teacher/OfflineScores';
import { teacherTestPaths } from '../components/teacher/paths';
import { QuestionStatsView } from '../components/teacher/QuestionStats';
import { checkMark } from '../components/teacher/utils';
import type { PaperReview, ReviewItem, ReviewRow } from '../types';
import '../../notices/notices.css';
import '../../materials/materials.css';
import '../../homework/homework.css';
import '../components/teacher/teacher.css';

/** Review states (docs/api.md reviewList): 0 not handed in, 1 to grade by hand, 2 graded, 3 returned. */
const FILTERS = [-1, 1, 2, 0, 3] as const;
const STATE_COLORS = ['default', 'warning', 'success', 'danger'] as const;

/**
 * /testing/review?courseId=&id=[&attemptid=|&tab=stats]: the students' papers with their state, publishing the
 * scores; with `tab=stats`, the statistics per question and regrading (QuestionStats); with `attemptid`, one paper: the objective answers graded by the server, a score by hand
 * for each subjective question (never above its score), previous and next, returning the paper.
 */
export default function TeacherReviewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const attemptid = parseItemId(params.get('attemptid'));
  const tab = params.get('tab') === 'stats' ? 'stats' : 'papers';
  const goBack = useGoBack(
    courseId && id ? (attemptid ? teacherTestPaths.review(courseId, id) : teacherTestPaths.settings(courseId, id)) : undefined,
  );
  // scores typed and not saved (a paper's hand grades, an offline test's sheet): leaving asks first
  const [unsaved, setUnsaved] = useState(false);
  const back = async () => {
    if (unsaved && !(await confirmDialog({ content: t('exams.teacher.offline.leaveConfirm'), testid: 'offline-leave' }).result))
      return;
    goBack();
  };
  useUnloadGuard(unsaved);
  return (
    <div className="page activity-page exam-page" data-testid="teacher-review-page">
      <PageNavBar
        title={attemptid ? t('exams.teacher.review.paperTitle') : t('exams.teacher.review.title')}
        onBack={() => void back()}
      />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) =>
          id === null ? (
            <LoadFailed message={t('exams.teacher.notFound')} />
          ) : attemptid ? (
            <Grading key={attemptid} courseId={course.id} id={id} attemptid={attemptid} onDirty={setUnsaved} />
          ) : (
            <Review courseId={course.id} id={id} tab={tab} onDirty={setUnsaved} />
          )
        }
      </CourseGate>
    </div>
  );
}

/** An online test's papers and statistics; an offline test's scores, typed here. */
function Review({
  courseId,
  id,
  tab,
  onDirty,
}: {
  courseId: number;
  id: number;
  tab: 'papers' | 'stats';
  onDirty: (dirty: boolean) => void;
}) {
  const test = useQuery({
    queryKey: teacherExamKeys.test(courseId, id),
    queryFn: () => teacherExamsApi.details(courseId, id),
    retry: retryNetworkOnly,
  });
  if (test.isPending) return <ListLoading testid="review-test-loading" />;
  if (test.isError) return <QueryFailed error={test.error} onRetry={() => void test.refetch()} />;
  if (test.data.settings.offline === 1) return <OfflineScoresView courseId={courseId} id={id} onDirty={onDirty} />;
  return (
    <>
      <ReviewTabs courseId={courseId} id={id} tab={tab} />
      {tab === 'stats' ? <QuestionStatsView courseId={courseId} id={id} /> : <ReviewList courseId={courseId} id={id} />}
    </>
  );
}

/** The papers or the statistics of one test, kept in the address (`&tab=stats`). */
function ReviewTabs({ courseId, id, tab }: { courseId: number; id: number; tab: 'papers' | 'stats' }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) =>
        setParams(
          { courseId: String(courseId), courseRole: '1', id: String(id), ...(key === 'stats' ? { tab: 'stats' } : {}) },
          { replace: true },
        )
      }
      className="exam-tabs"
    >
      <Tabs.Tab title={<span data-testid="review-tab-papers">{t('exams.teacher.review.tabPapers')}</span>} key="papers" />
      <Tabs.Tab title={<span data-testid="review-tab-stats">{t('exams.teacher.review.tabStats')}</span>} key="stats" />
    </Tabs>
  );
}

function useReviewList(courseId: number, id: number, state: number) {
  return useQuery({
    queryKey: teacherExamKeys.review(courseId, id, state),
    queryFn: () => teacherExamsApi.reviewList(courseId, id, state),
    retry: retryNetworkOnly,
  });
}

function ReviewList({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const raw = Number(params.get('state') ?? -1);
  const state = (FILTERS as readonly number[]).includes(raw) ? raw : -1;
  const [busy, setBusy] = useState(false);
  const list = useReviewList(courseId, id, state);
  const publish = async () => {
    const ok = await confirmDialog({
      title: t('exams.teacher.review.publishTitle'),
      content: t('exams.teacher.review.publishText'),
      confirmText: t('exams.teacher.review.publish'),
      testid: 'scores-publish',
    }).result;
    if (!ok) return;
    setBusy(true);
    try {
      const { count } = await teacherExamsApi.publishScores(courseId, id);
      Toast.show({ content: t('exams.teacher.review.publishedN', { count }) });
      await queryClient.invalidateQueries({ queryKey: teacherExamKeys.test(courseId, id) });
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="page-body" data-testid="review-list">
      <FilterTabs
        param="state"
        value={state}
        none={-1}
        tabs={FILTERS.map((f) => ({ value: f, title: t(`exams.teacher.review.filter.${f}`), testid: `review-filter-${f}` }))}
      />
      {list.isPending ? (
        <ListLoading testid="review-loading" />
      ) : list.isError ? (
        <QueryFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <div className="exam-bank-bar">
            <span className="muted small" data-testid="review-published">
              {list.data.scorespublished
                ? t('exams.teacher.review.scoresPublished')
                : t('exams.teacher.review.scoresNotPublished')}
            </span>
            <Button size="small" color="primary" loading={busy} onClick={() => void publish()} data-testid="scores-publish">
              {t('exams.teacher.review.publish')}
            </Button>
          </div>
          {list.data.list.length === 0 ? (
            <ListEmpty
              testid="review-empty"
              title={t('exams.teacher.review.emptyTitle')}
              text={t('exams.teacher.review.emptyText')}
            />
          ) : (
            <ul className="activity-list">
              {list.data.list.map((row) => (
                <ReviewRowView
                  key={row.uid}
                  row={row}
                  total={list.data.totalScore}
                  onOpen={
                    row.attemptid && row.state !== 0
                      ? () => navigate(teacherTestPaths.review(courseId, id, row.attemptid))
                      : undefined
                  }
                />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function ReviewRowView({ row, total, onOpen }: { row: ReviewRow; total: number; onOpen?: () => void }) {
  const { t } = useTranslation();
  const body = (
    <>
      <span className="activity-text">
        <span className="activity-title" data-testid="review-row-name">
          {row.username} {row.stno ? <span className="muted small">{row.stno}</span> : null}
        </span>
        <span className="activity-meta">
          <Tag color={STATE_COLORS[row.state] ?? 'default'} fill="outline" data-testid="review-row-state" data-state={row.state}>
            {row.inprogress && row.state === 0
              ? t('exams.teacher.review.inProgress')
              : t(`exams.teacher.review.filter.${row.state}`)}
          </Tag>
          {row.score !== null && row.state !== 0 ? (
            <span className="activity-meta-text" data-testid="review-row-score">
              {t('exams.teacher.review.scoreOf', { score: row.score, total })}
            </span>
          ) : null}
          {row.pending > 0 ? (
            <span className="activity-stats">{t('exams.teacher.review.pendingN', { count: row.pending })}</span>
          ) : null}
          {row.switchcount > 0 ? (
            <span className="activity-stats">{t('exams.teacher.review.switches', { count: row.switchcount })}</span>
          ) : null}
          {row.signals.map((s) => (
            <Tag key={s} color="danger" fill="outline" data-testid="review-signal">
              {t(`exams.teacher.review.signalShort.${s}`)}
            </Tag>
          ))}
        </span>
      </span>
      {onOpen ? <RightOutline className="activity-arrow" /> : null}
    </>
  );
  return (
    <li className="activity-row" data-testid="review-row" data-uid={row.uid} data-attemptid={row.attemptid}>
      {onOpen ? (
        <button type="button" className="activity-main" onClick={onOpen}>
          {body}
        </button>
      ) : (
        <div className="activity-main">{body}</div>
      )}
    </li>
  );
}

/** A reload or a closed tab with scores typed and not saved asks the browser's question first. */
function useUnloadGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

function Grading({
  courseId,
  id,
  attemptid,
  onDirty,
}: {
  courseId: number;
  id: number;
  attemptid: number;
  /** told whether a question's score is typed and not saved */
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // the questions whose typed score is not saved yet: previous and next ask before losing them
  const [unsaved, setUnsaved] = useState<ReadonlySet<number>>(new Set());
  const markDirty = useCallback((subjectid: number, dirty: boolean) => {
    setUnsaved((now) => {
      if (now.has(subjectid) === dirty) return now;
      const next = new Set(now);
      if (dirty) next.add(subjectid);
      else next.delete(subjectid);
      return next;
    });
  }, []);
  useEffect(() => onDirty(unsaved.size > 0), [unsaved, onDirty]);
  /** goes to another paper, after asking when typed scores would be lost */
  const leaveTo = async (path: string) => {
    if (unsaved.size > 0) {
      const asked = confirmDialog({
        content: t('exams.teacher.review.unsavedConfirm', { count: unsaved.size }),
        testid: 'grading-unsaved',
      });
      if (!(await asked.result)) return;
    }
    onDirty(false);
    navigate(path, { replace: true });
  };
  const paper = useQuery({
    queryKey: teacherExamKeys.paper(courseId, id, attemptid),
    queryFn: () => teacherExamsApi.reviewDetail(courseId, id, attemptid),
    retry: retryNetworkOnly,
  });
  // the order of previous and next: every student's paper that is handed in
  const order = useReviewList(courseId, id, -1);
  const papers = (order.data?.list ?? []).filter((r) => r.attemptid > 0 && r.state !== 0);
  const at = papers.findIndex((r) => r.attemptid === attemptid);
  const prev = at > 0 ? papers[at - 1] : undefined;
  const next = at >= 0 && at < papers.length - 1 ? papers[at + 1] : undefined;
  const [returning, setReturning] = useState(false);

  if (paper.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (paper.isError) return <QueryFailed error={paper.error} onRetry={() => void paper.refetch()} />;
  const p = paper.data;
  const returnPaper = async () => {
    const ok = await confirmDialog({
      title: t('exams.teacher.review.returnTitle'),
      content: t('exams.teacher.review.returnText', { name: p.username }),
      confirmText: t('exams.teacher.review.return'),
      danger: true,
      testid: 'paper-return',
    }).result;
    if (!ok) return;
    setReturning(true);
    try {
      await teacherExamsApi.returnPaper(courseId, id, attemptid);
      Toast.show({ content: t('exams.teacher.review.returned') });
      await queryClient.invalidateQueries({ queryKey: ['exams', courseId, 'test', id] });
      navigate(teacherTestPaths.review(courseId, id), { replace: true });
    } catch (e) {
      showApiError(e);
    } finally {
      setReturning(false);
    }
  };
  const onMarked = (saved: PaperReview) => {
    queryClient.setQueryData(teacherExamKeys.paper(courseId, id, attemptid), saved);
    void queryClient.invalidateQueries({ queryKey: ['exams', courseId, 'test', id, 'review'] });
    void queryClient.invalidateQueries({ queryKey: teacherExamKeys.stats(courseId, id) });
  };
  return (
    <div className="page-body exam-form" data-testid="grading">
      <div className="form-card exam-head">
        <div className="exam-head-title" data-testid="grading-student">
          {p.username} {p.stno ? <span className="muted small">{p.stno}</span> : null}
        </div>
        <div className="exam-question-tags">
          <span data-testid="grading-score">
            {t('exams.teacher.review.scoreOf', { score: p.score ?? 0, total: p.totalScore })}
          </span>
          {p.pending > 0 ? (
            <Tag color="warning" fill="outline" data-testid="grading-pending">
              {t('exams.teacher.review.pendingN', { count: p.pending })}
            </Tag>
          ) : (
            <Tag color="success" fill="outline" data-testid="grading-done">
              {t('exams.teacher.review.filter.2')}
            </Tag>
          )}
          {p.switchcount > 0 ? (
            <span className="muted small">{t('exams.teacher.review.switches', { count: p.switchcount })}</span>
          ) : null}
          {p.signals.map((s) => (
            <Tag key={s} color="danger" fill="outline" data-testid="grading-signal">
              {t(`exams.teacher.review.signal.${s}`)}
            </Tag>
          ))}
          {p.submitkind > 1 ? <span className="muted small">{t(`exams.teacher.review.submitkind.${p.submitkind}`)}</span> : null}
        </div>
      </div>
      {p.lists.map((item) => (
        <ItemView key={item.id} item={item} testid="grading-item">
          <AnswerView item={item} />
          {item.typeid !== QUESTION_TYPES.note ? (
            <MarkRow
              courseId={courseId}
              id={id}
              attemptid={attemptid}
              item={item}
              state={p.state}
              onMarked={onMarked}
              onDirty={markDirty}
            />
          ) : null}
        </ItemView>
      ))}
      <div className="exam-grading-nav">
        <Button
          size="small"
          disabled={!prev}
          onClick={() => prev && void leaveTo(teacherTestPaths.review(courseId, id, prev.attemptid))}
          data-testid="grading-prev"
        >
          {t('exams.teacher.review.prev')}
        </Button>
        {p.state !== 3 ? (
          <Button
            size="small"
            color="danger"
            fill="outline"
            loading={returning}
            onClick={() => void returnPaper()}
            data-testid="paper-return"
          >
            {t('exams.teacher.review.return')}
          </Button>
        ) : null}
        <Button
          size="small"
          disabled={!next}
          onClick={() => next && void leaveTo(teacherTestPaths.review(courseId, id, next.attemptid))}
          data-testid="grading-next"
        >
          {t('exams.teacher.review.next')}
        </Button>
      </div>
    </div>
  );
}

/** The student's answer to one question, with the server's verdict. */
function AnswerView({ item }: { item: ReviewItem }) {
  const { t } = useTranslation();
  const type = item.typeid;
  if (type === QUESTION_TYPES.note) return null;
  const a = item.myanswer;
  let text: string;
  if (type === QUESTION_TYPES.anonymousOpen && item.answered) text = t('exams.teacher.review.anonymous');
  else if (a === null || a === '' || (Array.isArray(a) && a.length === 0)) text = '';
  else if (type === QUESTION_TYPES.trueFalse) text = String(a) === '1' ? t('exams.common.true') : t('exams.common.false');
  else if (FILE_TYPES.includes(type)) text = '';
  else if (Array.isArray(a))
    text = type === QUESTION_TYPES.fillBlank ? a.map((x, i) => `${i + 1}) ${x}`).join('  ') : a.join(', ');
  else if (OPTION_TYPES.includes(type)) text = String(a).split('|').join(', ');
  else text = String(a);
  const verdict = item.correct;
  return (
    <div className="exam-answer" data-testid="grading-answer">
      <span className="muted small">{t('exams.teacher.review.answer')}</span>
      {FILE_TYPES.includes(type) && item.myfiles.length > 0 ? (
        <FileLinks files={item.myfiles} testid="grading-file" />
      ) : (
        <div className="exam-answer-text" data-testid="grading-answer-text">
          {text || <span className="muted">{t('exams.teacher.review.unanswered')}</span>}
        </div>
      )}
      {verdict >= 0 ? (
        <Tag
          color={verdict === 1 ? 'success' : verdict === 2 ? 'warning' : verdict === 3 ? 'primary' : 'danger'}
          fill="outline"
          data-testid="grading-verdict"
          data-correct={verdict}
        >
          {t(`exams.teacher.review.correct.${verdict}`)}
        </Tag>
      ) : null}
      {item.late ? <span className="muted small">{t('exams.teacher.review.late')}</span> : null}
    </div>
  );
}

/** A score by hand for one question: 0 to its score, checked here and by the server. */
function MarkRow({
  courseId,
  id,
  attemptid,
  item,
  state,
  onMarked,
  onDirty,
}: {
  courseId: number;
  id: number;
  attemptid: number;
  item: ReviewItem;
  state: number;
  onMarked: (paper: PaperReview) => void;
  onDirty: (subjectid: number, dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const manual = MANUAL_TYPES.includes(item.typeid) || item.manual === 1;
  const [value, setValue] = useState(item.myscore === null ? '' : String(item.myscore));
  const saved = item.myscore === null ? '' : String(item.myscore);
  useEffect(() => onDirty(item.subjectid, value.trim() !== saved), [value, saved, item.subjectid, onDirty]);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [open, setOpen] = useState(manual);
  if (!open)
    return (
      <div className="exam-mark">
        <span data-testid="grading-item-score">
          {t('exams.teacher.review.itemScore', { score: item.myscore ?? 0, max: item.score })}
        </span>
        {state !== 3 ? (
          <button type="button" className="exam-link" onClick={() => setOpen(true)} data-testid="grading-adjust">
            {t('exams.teacher.review.adjust')}
          </button>
        ) : null}
      </div>
    );
  const save = async () => {
    const checked = checkMark(value, item.score);
    if (!checked.ok) {
      setError(t(checked.key, { max: item.score }));
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      const saved = await teacherExamsApi.mark(courseId, id, attemptid, item.subjectid, String(checked.score));
      Toast.show({ content: t('exams.teacher.review.marked') });
      onMarked(saved);
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="exam-mark" data-testid="grading-mark">
      <label className="exam-mark-label">
        <span>{t('exams.teacher.review.scoreLabel', { max: item.score })}</span>
        <input
          className="exam-input exam-number"
          inputMode="decimal"
          value={value}
          disabled={state === 3}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
          data-testid="grading-score-input"
        />
      </label>
      <Button
        size="small"
        color="primary"
        loading={saving}
        disabled={state === 3}
        onClick={() => void save()}
        data-testid="grading-save"
      >
        {t('exams.teacher.review.save')}
      </Button>
      {error ? (
        <div className="field-error exam-mark-error" role="alert" data-testid="grading-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
