import { KEYED_CHOICE_TYPES, OPTION_TYPES, QUESTION_TYPES } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tag, Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../../components/dialogs';
import { RichTextView } from '../../../../components/RichTextView';
import { ApiError, errorMessage, showApiError } from '../../../../lib/api';
import { useTranslation } from '../../../../lib/translations';
import { retryNetworkOnly } from '../../../courses/api';
import { QueryFailed } from '../../../courses/components/CourseGate';
import { ListEmpty, ListLoading } from '../../../notices/components/ListStates';
import { teacherExamKeys, teacherExamsApi } from '../../api.teacher';
import type { AcceptedAnswer, QuestionStat } from '../../types';

/** Types whose "right" only means answered (votes, ratings, anonymous answers): no correct rate. */
const UNKEYED: readonly number[] = [
  QUESTION_TYPES.singleVote,
  QUESTION_TYPES.multiVote,
  QUESTION_TYPES.rating,
  QUESTION_TYPES.anonymousOpen,
];

const percent = (count: number, of: number) => (of > 0 ? Math.round((count / of) * 100) : 0);
/** Types whose picks are drawn per option: the choices and votes, and true/false as its two values. */
const PICKED_TYPES: readonly number[] = [...OPTION_TYPES, QUESTION_TYPES.trueFalse];
/** Types where one option not in the key may be accepted by itself. */
const ONE_OPTION_ACCEPTED: readonly number[] = [QUESTION_TYPES.single, QUESTION_TYPES.trueFalse];
const MULTIPLE_KEYS: readonly number[] = KEYED_CHOICE_TYPES.filter((type) => type !== QUESTION_TYPES.single);

/**
 * /testing/review?…&tab=stats: each question of a published test over the papers handed in — its
 * correct rate, right / partly / wrong / waiting, the average, the options picked and the ratings
 * given, drawn as plain CSS bars; and regrading: another option of a single choice, or another text
 * for a blank, accepted as right, which grades every handed-in paper again.
 */
export function QuestionStatsView({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const stats = useQuery({
    queryKey: teacherExamKeys.stats(courseId, id),
    queryFn: () => teacherExamsApi.stats(courseId, id),
    retry: retryNetworkOnly,
  });
  const [regraded, setRegraded] = useState<AcceptedAnswer>();
  if (stats.isPending) return <ListLoading testid="stats-loading" />;
  if (stats.isError) return <QueryFailed error={stats.error} onRetry={() => void stats.refetch()} />;
  const data = stats.data;
  return (
    <div className="page-body exam-form" data-testid="stats">
      {data.papers > 0 ? (
        <div className="exam-bank-bar">
          <span className="muted small" data-testid="stats-papers">
            {t('exams.teacher.stats.papersN', { count: data.papers })}
          </span>
        </div>
      ) : null}
      {regraded ? (
        <div className="exam-regraded" role="status" data-testid="stats-regraded">
          {t('exams.teacher.stats.regraded', { count: regraded.count, changed: regraded.changed })}
        </div>
      ) : null}
      {data.papers === 0 ? (
        <ListEmpty testid="stats-empty" title={t('exams.teacher.stats.emptyTitle')} text={t('exams.teacher.stats.emptyText')} />
      ) : (
        data.lists.map((q, i) => (
          <StatCard key={q.subjectid} q={q} n={i + 1} courseId={courseId} id={id} onRegraded={setRegraded} />
        ))
      )}
    </div>
  );
}

function Bar({ value, tone, testid }: { value: number; tone: 'key' | 'plain' | 'rate'; testid?: string }) {
  return (
    <div className={`exam-bar exam-bar-${tone}`} data-testid={testid} aria-hidden="true">
      <div className="exam-bar-fill" style={{ width: `${Math.max(0, Math.min(100, value))}%` }} />
    </div>
  );
}

function StatCard({
  q,
  n,
  courseId,
  id,
  onRegraded,
}: {
  q: QuestionStat;
  n: number;
  courseId: number;
  id: number;
  onRegraded: (answer: AcceptedAnswer) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string>();
  const keyed = !UNKEYED.includes(q.type);
  const trueFalseLabel = (value: string) => t(value === '1' ? 'exams.common.true' : 'exams.common.false');

  /** Accepts `answer` after the confirmation; refusals in the server's words (or `onError`). */
  const accept = async (answer: string, label: string, blank?: number, onError?: (message: string) => void) => {
    const ok = await confirmDialog({
      title: t('exams.teacher.stats.acceptTitle'),
      content: t('exams.teacher.stats.acceptText', { answer: label }),
      confirmText: t('exams.teacher.stats.accept'),
      testid: 'stats-accept',
    }).result;
    if (!ok) return false;
    setBusy(blank ? `blank-${blank}` : answer);
    try {
      const done = await teacherExamsApi.accept(courseId, id, q.subjectid, answer, blank);
      Toast.show({ content: t('exams.teacher.stats.regraded', { count: done.count, changed: done.changed }) });
      onRegraded(done);
      await queryClient.invalidateQueries({ queryKey: teacherExamKeys.test(courseId, id) });
      return true;
    } catch (e) {
      if (onError) {
        if (!(e instanceof ApiError && e.handled)) onError(errorMessage(e));
      } else showApiError(e);
      return false;
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <div className="form-card exam-item exam-stat" data-testid="stats-item" data-type={q.type} data-subjectid={q.subjectid}>
      <div className="exam-question-tags">
        <span className="exam-item-no">{n}.</span>
        <Tag color="primary" fill="outline">
          {t(`exams.common.type.${q.type}`)}
        </Tag>
        <span className="muted small">{t('exams.teacher.scoreN', { score: q.score })}</span>
        {q.draw > 0 ? <span className="muted small">{t('exams.teacher.preview.fromDraw', { n: q.draw })}</span> : null}
      </div>
      <RichTextView html={q.title} testid="stats-item-stem" />

      {keyed ? (
        <div className="exam-stat-rate">
          <span className="exam-stat-label">{t('exams.teacher.stats.rate')}</span>
          <Bar value={q.correctrate} tone="rate" testid="stats-rate-bar" />
          <b className="exam-stat-value" data-testid="stats-rate">
            {q.correctrate}%
          </b>
        </div>
      ) : null}
      <div className="exam-stat-counts muted small" data-testid="stats-counts">
        {keyed ? (
          <>
            <span data-testid="stats-correct">{t('exams.teacher.stats.correctN', { count: q.correct })}</span>
            <span data-testid="stats-partly">{t('exams.teacher.stats.partlyN', { count: q.partly })}</span>
            <span data-testid="stats-wrong">{t('exams.teacher.stats.wrongN', { count: q.wrong })}</span>
          </>
        ) : (
          <span data-testid="stats-answered">{t('exams.teacher.stats.answeredN', { count: q.answered, of: q.papers })}</span>
        )}
        {q.pending > 0 || keyed ? (
          <span data-testid="stats-pending">{t('exams.teacher.stats.pendingN', { count: q.pending })}</span>
        ) : null}
        <span data-testid="stats-average">{t('exams.teacher.stats.average', { average: q.average, score: q.score })}</span>
        {q.draw > 0 ? <span>{t('exams.teacher.stats.heldN', { count: q.papers })}</span> : null}
      </div>

      {PICKED_TYPES.includes(q.type) ? (
        <ul className="exam-stat-bars" data-testid="stats-options">
          {q.options.map((o) => (
            <li key={o.id} className="exam-stat-row" data-testid="stats-option" data-option={o.id} data-correct={o.correct}>
              <div className="exam-stat-row-head">
                <span className="exam-stat-option">
                  {q.type === QUESTION_TYPES.trueFalse ? (
                    <b>{trueFalseLabel(o.id)}</b>
                  ) : (
                    <>
                      <b>{o.id}.</b> {o.title}
                    </>
                  )}
                  {o.correct ? (
                    <span className="exam-key-mark" data-testid="stats-option-key">
                      {' '}
                      ✓ {t('exams.teacher.stats.key')}
                    </span>
                  ) : null}
                </span>
                <span className="exam-stat-value" data-testid="stats-option-count">
                  {t('exams.teacher.stats.peopleN', { count: o.count })}
                </span>
              </div>
              <Bar value={percent(o.count, q.papers)} tone={o.correct ? 'key' : 'plain'} />
              {ONE_OPTION_ACCEPTED.includes(q.type) && !o.correct ? (
                <button
                  type="button"
                  className="exam-link exam-stat-accept"
                  disabled={busy !== undefined}
                  onClick={() =>
                    void accept(o.id, q.type === QUESTION_TYPES.trueFalse ? trueFalseLabel(o.id) : `${o.id}. ${o.title}`)
                  }
                  data-testid="stats-accept-option"
                >
                  {busy === o.id
                    ? t('common.loading')
                    : t('exams.teacher.stats.acceptOption', {
                        option: q.type === QUESTION_TYPES.trueFalse ? trueFalseLabel(o.id) : o.id,
                      })}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {q.type === QUESTION_TYPES.rating && q.ratings.length > 0 ? (
        <ul className="exam-stat-bars" data-testid="stats-ratings">
          {q.ratings.map((r) => (
            <li key={r.value} className="exam-stat-row" data-testid="stats-rating" data-value={r.value}>
              <div className="exam-stat-row-head">
                <span className="exam-stat-option">{t('exams.teacher.stats.ratingValue', { value: r.value })}</span>
                <span className="exam-stat-value" data-testid="stats-rating-count">
                  {t('exams.teacher.stats.ratingN', { count: r.count })}
                </span>
              </div>
              <Bar value={percent(r.count, q.papers)} tone="plain" />
            </li>
          ))}
        </ul>
      ) : null}

      {q.alternatives.length > 0 ? (
        <p className="muted small" data-testid="stats-alternatives">
          {t('exams.teacher.stats.alsoAccepted', {
            answers: q.alternatives.map((a) => (q.type === QUESTION_TYPES.trueFalse ? trueFalseLabel(a) : a)).join(' / '),
          })}
        </p>
      ) : null}
      {MULTIPLE_KEYS.includes(q.type) ? (
        <SetAccept q={q} busy={busy !== undefined} onAccept={(set, onError) => accept(set, set, undefined, onError)} />
      ) : null}

      {q.type === QUESTION_TYPES.fillBlank ? (
        <BlankAccept
          q={q}
          busy={busy !== undefined}
          onAccept={(answer, blank, onError) => accept(answer, answer, blank, onError)}
        />
      ) : null}
    </div>
  );
}

/** A fill-in-blank question's accepted texts per blank, and another text to accept for one blank. */
function BlankAccept({
  q,
  busy,
  onAccept,
}: {
  q: QuestionStat;
  busy: boolean;
  onAccept: (answer: string, blank: number, onError: (message: string) => void) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [blank, setBlank] = useState(1);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const submit = async () => {
    const answer = text.trim();
    if (!answer) {
      setError(t('exams.teacher.stats.textRequired'));
      return;
    }
    setError(undefined);
    if (await onAccept(answer, blank, setError)) setText('');
  };
  return (
    <div className="exam-stat-blank" data-testid="stats-blank">
      <div className="exam-key-line">
        {q.blanksanswer.map((accepted, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a blank is its place in the question
          <div key={i} data-testid="stats-blank-key">
            {t('exams.teacher.preview.blankLine', { n: i + 1, answers: accepted.join(' / ') })}
          </div>
        ))}
      </div>
      <div className="exam-stat-accept-form">
        {q.blanksanswer.length > 1 ? (
          <select
            className="exam-select"
            value={blank}
            onChange={(e) => setBlank(Number(e.target.value))}
            aria-label={t('exams.teacher.stats.blankLabel')}
            data-testid="stats-blank-pick"
          >
            {q.blanksanswer.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a blank is its place in the question
              <option key={i} value={i + 1}>
                {t('exams.teacher.stats.blankN', { n: i + 1 })}
              </option>
            ))}
          </select>
        ) : null}
        <input
          className="exam-input"
          value={text}
          maxLength={200}
          placeholder={t('exams.teacher.stats.textPlaceholder')}
          onChange={(e) => {
            setText(e.target.value);
            setError(undefined);
          }}
          data-testid="stats-blank-text"
        />
        <Button
          size="small"
          color="primary"
          fill="outline"
          loading={busy}
          onClick={() => void submit()}
          data-testid="stats-blank-accept"
        >
          {t('exams.teacher.stats.accept')}
        </Button>
      </div>
      {error ? (
        <div className="field-error" role="alert" data-testid="stats-blank-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** A multiple or indefinite choice: another whole set of options to count as right (every one picked, no other). */
function SetAccept({
  q,
  busy,
  onAccept,
}: {
  q: QuestionStat;
  busy: boolean;
  onAccept: (set: string, onError: (message: string) => void) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const toggle = (id: string) => {
    setPicked((now) => (now.includes(id) ? now.filter((k) => k !== id) : [...now, id].sort()));
    setError(undefined);
  };
  const submit = async () => {
    if (picked.length === 0) {
      setError(t('exams.teacher.stats.setRequired'));
      return;
    }
    if (await onAccept(picked.join('|'), setError)) setPicked([]);
  };
  return (
    <div className="exam-stat-blank" data-testid="stats-set">
      <div className="exam-key-line">{t('exams.teacher.stats.setLabel')}</div>
      <div className="exam-stat-accept-form">
        <div className="exam-stat-set">
          {q.options.map((o) => (
            <label key={o.id} className="exam-stat-set-option">
              <input
                type="checkbox"
                checked={picked.includes(o.id)}
                onChange={() => toggle(o.id)}
                data-testid={`stats-set-${o.id}`}
              />{' '}
              {o.id}
            </label>
          ))}
        </div>
        <Button
          size="small"
          color="primary"
          fill="outline"
          loading={busy}
          onClick={() => void submit()}
          data-testid="stats-set-accept"
        >
          {t('exams.teacher.stats.accept')}
        </Button>
      </div>
      {error ? (
        <div className="field-error" role="alert" data-testid="stats-set-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
