import { CONTENT_TITLE_MAX, DRAWS_MAX, QUESTION_TYPES } from '@paiclass/shared';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Popup, Toast } from 'antd-mobile';
import { DeleteOutline, DownOutline, UpOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { ApiError, errorMessage } from '../../../lib/api';
import { Link, useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { useLeaveGuard } from '../../courses/hooks/useLeaveGuard';
import { parseItemId } from '../../notices/utils';
import { type PaperBody, teacherExamKeys, teacherExamsApi } from '../api.teacher';
import { importFilePath, teacherTestPaths } from '../components/teacher/paths';
import { parseIds, plainText, TYPE_VALUES } from '../components/teacher/utils';
import type { BankQuestion, TeacherTest } from '../types';
import '../../notices/notices.css';
import '../../materials/materials.css';
import '../components/teacher/teacher.css';

interface FixedRow {
  id: number;
  score: string;
  question: BankQuestion | null;
}
interface DrawRow {
  type: number;
  difficulty: number;
  point: string;
  count: string;
  score: string;
}

/**
 * /testing/create and /testing/update?id=: a paper's title and composition: fixed questions from
 * the bank (each with its score in this paper) and random draws per type, difficulty and knowledge
 * point (issue 14). The server checks the draws against the bank and answers what is wrong.
 */
export default function TeacherPaperPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const updating = location.pathname.toLowerCase().endsWith('/update');
  const id = parseItemId(params.get('id'));
  const title = updating ? t('exams.teacher.paper.editTitle') : t('exams.teacher.paper.newTitle');
  return (
    <div className="page activity-page exam-page" data-testid="teacher-paper-page">
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) =>
          !updating ? (
            <PaperForm courseId={course.id} test={null} preselect={parseIds(params.get('questionids'))} />
          ) : id === null ? (
            <>
              <PageNavBar title={title} />
              <LoadFailed message={t('exams.teacher.notFound')} />
            </>
          ) : (
            <EditPaper courseId={course.id} id={id} />
          )
        }
      </CourseGate>
    </div>
  );
}

function EditPaper({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const test = useQuery({
    queryKey: teacherExamKeys.test(courseId, id),
    queryFn: () => teacherExamsApi.details(courseId, id),
    retry: retryNetworkOnly,
  });
  if (test.isPending)
    return (
      <>
        <PageNavBar title={t('exams.teacher.paper.editTitle')} />
        <LoadingScreen text={t('common.loading')} />
      </>
    );
  if (test.isError)
    return (
      <>
        <PageNavBar title={t('exams.teacher.paper.editTitle')} />
        <QueryFailed error={test.error} onRetry={() => void test.refetch()} />
      </>
    );
  if (test.data.published)
    return (
      <>
        <PageNavBar title={t('exams.teacher.paper.editTitle')} />
        <LoadFailed message={t('exams.teacher.paper.published')} />
      </>
    );
  return <PaperForm courseId={courseId} test={test.data} />;
}

function PaperForm({ courseId, test, preselect = [] }: { courseId: number; test: TeacherTest | null; preselect?: number[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(test?.title ?? '');
  const [content, setContent] = useState(test?.content ?? '');
  const [fixed, setFixed] = useState<FixedRow[]>(
    () => test?.fixed.map((f) => ({ id: f.id, score: String(f.score), question: f.question })) ?? [],
  );
  const [draws, setDraws] = useState<DrawRow[]>(
    () =>
      test?.draws.map((d) => ({
        type: d.type,
        difficulty: d.difficulty,
        point: d.point,
        count: String(d.count),
        score: String(d.score),
      })) ?? [],
  );
  // questions just imported open the picker with them chosen: the teacher confirms what goes in
  const [picking, setPicking] = useState(preselect.length > 0);
  const [titleError, setTitleError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const backTo = test ? teacherTestPaths.settings(courseId, test.id) : teacherTestPaths.list(courseId);
  const leave = useLeaveGuard(dirty && !saving, backTo);
  const points = useQuery({
    queryKey: teacherExamKeys.points(courseId),
    queryFn: () => teacherExamsApi.points(courseId),
    retry: retryNetworkOnly,
  });
  const touch = () => {
    setDirty(true);
    setFormError(undefined);
  };

  const total =
    fixed.reduce((sum, f) => sum + (f.question?.type === QUESTION_TYPES.note ? 0 : Number(f.score) || 0), 0) +
    draws.reduce((sum, d) => sum + (Number(d.count) || 0) * (Number(d.score) || 0), 0);

  const save = async () => {
    if (!title.trim()) {
      setTitleError(t('validation.contentTitleRequired'));
      return;
    }
    const body: PaperBody = {
      title: title.trim(),
      content,
      fixed: fixed.map((f) => ({ id: f.id, score: f.question?.type === QUESTION_TYPES.note ? 0 : Number(f.score) })),
      draws: draws.map((d) => ({
        type: d.type,
        difficulty: d.difficulty,
        point: d.point,
        count: Number(d.count),
        score: Number(d.score),
      })),
    };
    setSaving(true);
    try {
      const saved = test ? await teacherExamsApi.edit(courseId, test.id, body) : await teacherExamsApi.add(courseId, body);
      queryClient.setQueryData(teacherExamKeys.test(courseId, saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: teacherExamKeys.list(courseId) });
      Toast.show({ content: t('exams.teacher.paper.saved') });
      setDirty(false);
      navigate(teacherTestPaths.settings(courseId, saved.id), { replace: true });
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const move = (i: number, by: number) => {
    const j = i + by;
    if (j < 0 || j >= fixed.length) return;
    const next = [...fixed];
    [next[i], next[j]] = [next[j]!, next[i]!];
    setFixed(next);
    touch();
  };
  const setDraw = (i: number, patch: Partial<DrawRow>) => {
    setDraws((rows) => rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    touch();
  };

  return (
    <>
      <PageNavBar
        title={test ? t('exams.teacher.paper.editTitle') : t('exams.teacher.paper.newTitle')}
        onBack={() => void leave()}
      />
      <form
        className="page-body form-page exam-form"
        noValidate
        data-testid="paper-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="form-card">
          <label className="exam-field">
            <span className="field-label">{t('exams.teacher.paper.title')}</span>
            <input
              className="exam-input"
              value={title}
              maxLength={CONTENT_TITLE_MAX}
              placeholder={t('exams.teacher.paper.titlePlaceholder')}
              onChange={(e) => {
                setTitle(e.target.value);
                setTitleError(undefined);
                touch();
              }}
              data-testid="paper-title"
            />
            {titleError ? (
              <div className="field-error" data-testid="paper-title-error">
                {titleError}
              </div>
            ) : null}
          </label>
          <div className="exam-field">
            <span className="field-label">{t('exams.teacher.paper.description')}</span>
            <RichTextEditor
              value={content}
              onChange={(html) => {
                setContent(html);
                touch();
              }}
              height={90}
              testid="paper-description"
              placeholder={t('exams.teacher.paper.descriptionPlaceholder')}
            />
          </div>
        </div>

        <div className="form-card" data-testid="paper-fixed">
          <div className="exam-section-head">
            <span className="exam-section-title">{t('exams.teacher.paper.fixed')}</span>
            <Button size="small" onClick={() => setPicking(true)} data-testid="paper-pick">
              {t('exams.teacher.paper.pick')}
            </Button>
          </div>
          {fixed.length === 0 ? <p className="muted small">{t('exams.teacher.paper.noFixed')}</p> : null}
          {test === null ? (
            <Link to={importFilePath(courseId, 6)} className="exam-link" data-testid="paper-import-file">
              {t('exams.teacher.importFile.entry')}
            </Link>
          ) : null}
          {fixed.map((f, i) => (
            <div className="exam-fixed-row" key={f.id} data-testid="paper-fixed-row" data-id={f.id}>
              <div className="exam-fixed-text">
                <span className="muted small">
                  {i + 1}. {f.question ? t(`exams.common.type.${f.question.type}`) : t('exams.teacher.paper.deletedQuestion')}
                </span>
                <span className="exam-fixed-stem">{f.question ? plainText(f.question.title) : '—'}</span>
              </div>
              <div className="exam-fixed-tools">
                {f.question?.type !== QUESTION_TYPES.note ? (
                  <span className="exam-fixed-score-label" aria-hidden="true">
                    {t('exams.teacher.paper.score')}
                  </span>
                ) : null}
                {f.question?.type !== QUESTION_TYPES.note ? (
                  <input
                    className="exam-input exam-number"
                    inputMode="decimal"
                    value={f.score}
                    aria-label={t('exams.teacher.paper.score')}
                    onChange={(e) => {
                      setFixed((rows) => rows.map((r, j) => (j === i ? { ...r, score: e.target.value } : r)));
                      touch();
                    }}
                    data-testid="paper-fixed-score"
                  />
                ) : null}
                <button
                  type="button"
                  className="exam-icon-button"
                  aria-label={t('exams.teacher.paper.up')}
                  onClick={() => move(i, -1)}
                >
                  <UpOutline />
                </button>
                <button
                  type="button"
                  className="exam-icon-button"
                  aria-label={t('exams.teacher.paper.down')}
                  onClick={() => move(i, 1)}
                >
                  <DownOutline />
                </button>
                <button
                  type="button"
                  className="exam-icon-button"
                  aria-label={t('exams.teacher.paper.remove')}
                  onClick={() => {
                    setFixed((rows) => rows.filter((_, j) => j !== i));
                    touch();
                  }}
                  data-testid="paper-fixed-remove"
                >
                  <DeleteOutline />
                </button>
              </div>
            </div>
          ))}
        </div>

        <div className="form-card" data-testid="paper-draws">
          <div className="exam-section-head">
            <span className="exam-section-title">{t('exams.teacher.paper.draws')}</span>
            {draws.length < DRAWS_MAX ? (
              <Button
                size="small"
                onClick={() => {
                  setDraws((rows) => [
                    ...rows,
                    { type: QUESTION_TYPES.single, difficulty: 0, point: '', count: '1', score: '2' },
                  ]);
                  touch();
                }}
                data-testid="paper-draw-add"
              >
                {t('exams.teacher.paper.addDraw')}
              </Button>
            ) : null}
          </div>
          {draws.length === 0 ? <p className="muted small">{t('exams.teacher.paper.noDraws')}</p> : null}
          {draws.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a draw is its place in the paper ("draw 2")
            <div className="exam-draw" key={i} data-testid="paper-draw">
              <div className="exam-draw-head">
                <span>{t('exams.teacher.paper.drawN', { n: i + 1 })}</span>
                {test?.draws[i] &&
                test.draws[i].type === d.type &&
                test.draws[i].difficulty === d.difficulty &&
                test.draws[i].point === d.point ? (
                  <span className="muted small">{t('exams.teacher.paper.available', { count: test.draws[i].available })}</span>
                ) : null}
                <button
                  type="button"
                  className="exam-link danger-text"
                  onClick={() => {
                    setDraws((rows) => rows.filter((_, j) => j !== i));
                    touch();
                  }}
                  data-testid="paper-draw-remove"
                >
                  {t('exams.teacher.paper.remove')}
                </button>
              </div>
              <div className="exam-draw-grid">
                <label>
                  <span className="field-label">{t('exams.teacher.bank.type')}</span>
                  <select
                    className="exam-select"
                    value={d.type}
                    onChange={(e) => setDraw(i, { type: Number(e.target.value) })}
                    data-testid="paper-draw-type"
                  >
                    {TYPE_VALUES.filter((v) => v !== QUESTION_TYPES.note).map((v) => (
                      <option key={v} value={v}>
                        {t(`exams.common.type.${v}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  <span className="field-label">{t('exams.teacher.bank.difficulty')}</span>
                  <select
                    className="exam-select"
                    value={d.difficulty}
                    onChange={(e) => setDraw(i, { difficulty: Number(e.target.value) })}
                    data-testid="paper-draw-difficulty"
                  >
                    {[0, 1, 2, 3].map((v) => (
                      <option key={v} value={v}>
                        {t(`exams.common.difficulty.${v}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  <span className="field-label">{t('exams.teacher.bank.points')}</span>
                  <select
                    className="exam-select"
                    value={d.point}
                    onChange={(e) => setDraw(i, { point: e.target.value })}
                    data-testid="paper-draw-point"
                  >
                    <option value="">{t('exams.teacher.paper.anyPoint')}</option>
                    {(points.data?.list ?? []).map((p) => (
                      <option key={p.point} value={p.point}>
                        {p.point}
                      </option>
                    ))}
                    {d.point && !(points.data?.list ?? []).some((p) => p.point === d.point) ? (
                      <option value={d.point}>{d.point}</option>
                    ) : null}
                  </select>
                </label>
                <label>
                  <span className="field-label">{t('exams.teacher.paper.count')}</span>
                  <input
                    className="exam-input exam-number"
                    inputMode="numeric"
                    value={d.count}
                    onChange={(e) => setDraw(i, { count: e.target.value })}
                    data-testid="paper-draw-count"
                  />
                </label>
                <label>
                  <span className="field-label">{t('exams.teacher.paper.eachScore')}</span>
                  <input
                    className="exam-input exam-number"
                    inputMode="decimal"
                    value={d.score}
                    onChange={(e) => setDraw(i, { score: e.target.value })}
                    data-testid="paper-draw-score"
                  />
                </label>
              </div>
            </div>
          ))}
        </div>

        <p className="exam-total" data-testid="paper-total">
          {t('exams.teacher.paper.total', { score: Math.round(total * 10) / 10 })}
        </p>
        <FormError message={formError} testid="paper-form-error" />
        <Button block color="primary" type="submit" loading={saving} data-testid="paper-save">
          {t('exams.teacher.paper.save')}
        </Button>
      </form>
      {picking ? (
        <QuestionPicker
          courseId={courseId}
          chosen={fixed.length ? fixed.map((f) => f.id) : preselect}
          onClose={() => setPicking(false)}
          onDone={(picked) => {
            setFixed((rows) => [
              ...rows.filter((r) => picked.has(r.id)),
              ...[...picked.values()]
                .filter((q): q is BankQuestion => q !== null && !rows.some((r) => r.id === q.id))
                .map((q) => ({ id: q.id, score: String(q.score), question: q })),
            ]);
            touch();
            setPicking(false);
          }}
        />
      ) : null}
    </>
  );
}

/** Choosing the fixed questions from the bank, filtered by type. */
function QuestionPicker({
  courseId,
  chosen,
  onClose,
  onDone,
}: {
  courseId: number;
  chosen: number[];
  onClose: () => void;
  onDone: (picked: Map<number, BankQuestion | null>) => void;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState(0);
  const [picked, setPicked] = useState<Map<number, BankQuestion | null>>(() => new Map(chosen.map((id) => [id, null])));
  const filter = { type, difficulty: 0, point: '', keyword: '' };
  const query = useInfiniteQuery({
    queryKey: teacherExamKeys.questions(courseId, filter),
    queryFn: ({ pageParam }) => teacherExamsApi.questions({ courseid: courseId, ...filter, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    retry: retryNetworkOnly,
  });
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  const toggle = (q: BankQuestion) =>
    setPicked((m) => {
      const next = new Map(m);
      if (next.has(q.id)) next.delete(q.id);
      else next.set(q.id, q);
      return next;
    });
  // questions chosen before keep their row in the paper (null here); newly picked ones bring their bank
  // question — those chosen for the picker from outside (just imported) take theirs from the list
  const done = () => onDone(new Map([...picked].map(([id, q]) => [id, q ?? rows.find((r) => r.id === id) ?? null])));
  return (
    <Popup visible position="right" bodyClassName="exam-editor-popup" onClose={onClose} destroyOnClose>
      <div className="exam-editor" data-testid="question-picker">
        <div className="exam-editor-head">
          <button type="button" className="exam-link" onClick={onClose} data-testid="picker-cancel">
            {t('common.cancel')}
          </button>
          <span className="exam-editor-title">{t('exams.teacher.paper.pickTitle')}</span>
          <span className="exam-editor-spacer" />
        </div>
        <div className="exam-editor-body">
          <select
            className="exam-select"
            value={type}
            onChange={(e) => setType(Number(e.target.value))}
            data-testid="picker-type"
            aria-label={t('exams.teacher.bank.type')}
          >
            <option value={0}>{t('exams.teacher.bank.allTypes')}</option>
            {TYPE_VALUES.map((v) => (
              <option key={v} value={v}>
                {t(`exams.common.type.${v}`)}
              </option>
            ))}
          </select>
          {query.isPending ? (
            <LoadingScreen text={t('common.loading')} />
          ) : query.isError ? (
            <QueryFailed error={query.error} onRetry={() => void query.refetch()} />
          ) : rows.length === 0 ? (
            <p className="muted" data-testid="picker-empty">
              {t('exams.teacher.paper.pickEmpty')}
            </p>
          ) : (
            <ul className="exam-question-list">
              {rows.map((q) => (
                <li key={q.id} className="exam-pick-row" data-testid="picker-row" data-id={q.id}>
                  <Checkbox checked={picked.has(q.id)} onChange={() => toggle(q)}>
                    <span className="muted small">
                      {t(`exams.common.type.${q.type}`)} · {t(`exams.common.difficulty.${q.difficulty}`)}
                    </span>
                    <span className="exam-fixed-stem">{plainText(q.title)}</span>
                  </Checkbox>
                </li>
              ))}
              {query.hasNextPage ? (
                <Button block fill="none" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                  {t('exams.teacher.bank.more')}
                </Button>
              ) : null}
            </ul>
          )}
        </div>
        <div className="exam-editor-foot">
          <Button block color="primary" disabled={query.isPending} onClick={done} data-testid="picker-done">
            {t('exams.teacher.paper.pickDone', { count: picked.size })}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
