import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { confirmDialog } from '../../../../components/dialogs';
import { ApiError, errorMessage } from '../../../../lib/api';
import { useTranslation } from '../../../../lib/translations';
import { retryNetworkOnly } from '../../../courses/api';
import { QueryFailed } from '../../../courses/components/CourseGate';
import { ListEmpty, ListLoading } from '../../../notices/components/ListStates';
import { teacherExamKeys, teacherExamsApi } from '../../api.teacher';

/** A score as typed: empty (none), or a number from 0 to the total with one decimal at most. */
function scoreError(text: string, total: number): 'number' | 'range' | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) return 'number';
  if (n < 0 || n > total || Math.round(n * 10) !== n * 10) return 'range';
  return undefined;
}

/**
 * An offline test's scores (issue 14): taken on paper, so the teacher types each student's score
 * here — from 0 to the paper's total, one decimal at most — and saves them at once. Leaving the page
 * with scores typed but not saved asks first; the server checks every row again and, if one is
 * wrong, saves none.
 */
export function OfflineScoresView({
  courseId,
  id,
  onDirty,
}: {
  courseId: number;
  id: number;
  /** told whether scores are typed and not saved: the page asks before leaving them */
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = teacherExamKeys.offline(courseId, id);
  const scores = useQuery({ queryKey: key, queryFn: () => teacherExamsApi.offlineScores(courseId, id), retry: retryNetworkOnly });
  // what the teacher typed and has not saved, by student
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const dirty = Object.keys(typed).length > 0;

  // the page asks before leaving them (and the browser, for a reload or a closed tab)
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  if (scores.isPending) return <ListLoading testid="offline-loading" />;
  if (scores.isError) return <QueryFailed error={scores.error} onRetry={() => void scores.refetch()} />;
  const data = scores.data;
  const total = data.totalScore;
  const shown = (uid: number, score: number | null) => typed[uid] ?? (score === null ? '' : String(score));
  const invalid = Object.entries(typed).some(([, text]) => scoreError(text, total));

  const save = async () => {
    if (!dirty || invalid) return;
    setBusy(true);
    setError(undefined);
    try {
      const rows = Object.entries(typed).map(([uid, text]) => ({
        uid: Number(uid),
        score: text.trim() === '' ? null : Number(text),
      }));
      queryClient.setQueryData(key, await teacherExamsApi.setOfflineScores(courseId, id, rows));
      setTyped({});
      Toast.show({ content: t('exams.teacher.offline.saved') });
      void queryClient.invalidateQueries({ queryKey: teacherExamKeys.test(courseId, id) });
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const discard = async () => {
    if (!(await confirmDialog({ content: t('exams.teacher.offline.discardConfirm'), testid: 'offline-discard' }).result)) return;
    setTyped({});
  };

  return (
    <div className="page-body exam-form" data-testid="offline-scores">
      <div className="form-card">
        <p className="muted small exam-offline-hint">{t('exams.teacher.offline.hint', { total })}</p>
        <p className="small" data-testid="offline-scored">
          {t('exams.teacher.offline.scored', { count: data.scored, of: data.list.length })}
          {' · '}
          {t(data.released ? 'exams.teacher.offline.released' : 'exams.teacher.offline.notReleased')}
        </p>
      </div>
      {data.list.length === 0 ? (
        <ListEmpty
          testid="offline-empty"
          title={t('exams.teacher.offline.emptyTitle')}
          text={t('exams.teacher.offline.emptyText')}
        />
      ) : (
        <ul className="exam-offline-list">
          {data.list.map((s) => {
            const value = shown(s.uid, s.score);
            const wrong = typed[s.uid] !== undefined ? scoreError(value, total) : undefined;
            return (
              <li key={s.uid} className="exam-offline-row" data-testid="offline-row" data-uid={s.uid}>
                <span className="exam-offline-name">
                  {s.username}
                  {s.stno ? <span className="muted small"> {s.stno}</span> : null}
                </span>
                <span className="exam-offline-input">
                  <input
                    className={`exam-input${wrong ? ' is-invalid' : ''}`}
                    inputMode="decimal"
                    value={value}
                    placeholder={t('exams.teacher.offline.placeholder')}
                    aria-label={t('exams.teacher.offline.scoreOf', { name: s.username })}
                    aria-invalid={wrong ? true : undefined}
                    onChange={(e) => {
                      const text = e.target.value;
                      setError(undefined);
                      setTyped((now) => {
                        const next = { ...now };
                        if (text === (s.score === null ? '' : String(s.score))) delete next[s.uid];
                        else next[s.uid] = text;
                        return next;
                      });
                    }}
                    data-testid="offline-score"
                  />
                  <span className="muted small">/ {total}</span>
                </span>
                {wrong ? (
                  <span className="field-error exam-offline-error" role="alert" data-testid="offline-row-error">
                    {t(wrong === 'number' ? 'exams.teacher.offline.notNumber' : 'exams.teacher.offline.outOfRange', { total })}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {error ? (
        <div className="field-error" role="alert" data-testid="offline-error">
          {error}
        </div>
      ) : null}
      <div className="exam-offline-bar">
        <Button fill="outline" disabled={!dirty || busy} onClick={() => void discard()} data-testid="offline-discard">
          {t('exams.teacher.offline.discard')}
        </Button>
        <Button
          color="primary"
          loading={busy}
          disabled={!dirty || invalid}
          onClick={() => void save()}
          data-testid="offline-save"
        >
          {dirty ? t('exams.teacher.offline.saveN', { count: Object.keys(typed).length }) : t('exams.teacher.offline.save')}
        </Button>
      </div>
    </div>
  );
}
