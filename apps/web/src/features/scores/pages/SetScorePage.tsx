import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBlock, Toast } from 'antd-mobile';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { hasInAppHistory, PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { SubmitButton } from '../../../components/SubmitButton';
import { errorMessage } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { scoreKeys, scoresApi } from '../api';
import { scorePath } from '../paths';
import type { ScoreColumn } from '../types';
import { parseWeight, weightShare } from '../utils';
import '../scores.css';

/**
 * /setScore?courseId=&courseRole=1 (also /addActivity/score): the teacher's weight for each scored
 * item, a whole number from 0 to 100 (0 leaves the item out of the totals). Saving updates the
 * totals of the score book.
 */
export default function SetScorePage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const goBack = useGoBack(courseId ? scorePath(courseId, 1) : undefined);
  return (
    <div className="page score-page" data-testid="set-score-page">
      <PageNavBar title={t('scores.setTitle')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) => <Weights course={course} />}
      </CourseGate>
    </div>
  );
}

function Weights({ course }: { course: CourseInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const book = useQuery({
    queryKey: scoreKeys.book(course.id),
    queryFn: () => scoresApi.book(course.id),
    retry: retryNetworkOnly,
  });
  const [values, setValues] = useState<Record<string, string> | null>(null);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string>();
  const columns: ScoreColumn[] = book.data?.columns ?? [];

  // the form starts from the weights the server has
  useEffect(() => {
    if (book.data && values === null) setValues(Object.fromEntries(book.data.columns.map((c) => [c.key, String(c.weight)])));
  }, [book.data, values]);

  if (book.isPending || (book.data && values === null)) return <LoadingScreen text={t('common.loading')} />;
  if (book.isError) return <QueryFailed error={book.error} onRetry={() => void book.refetch()} />;
  if (columns.length === 0)
    return (
      <div className="page-body score-body">
        <ErrorBlock
          status="empty"
          className="score-empty"
          title={<span data-testid="score-empty">{t('scores.noItems')}</span>}
          description={t('scores.noItemsTeacher')}
        />
      </div>
    );

  const typed = values ?? {};
  const parsed = columns.map((c) => ({ c, weight: parseWeight(typed[c.key] ?? '') }));
  const sum = parsed.reduce((n, p) => n + (p.weight ?? 0), 0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(undefined);
    if (parsed.some((p) => p.weight === null)) return setFormError(t('validation.weight'));
    setSaving(true);
    try {
      const next = await scoresApi.setWeights(
        course.id,
        parsed.map((p) => ({ key: p.c.key, weight: p.weight! })),
      );
      // the answer is the book with the new totals
      queryClient.setQueryData(scoreKeys.book(course.id), next);
      void queryClient.invalidateQueries({ queryKey: scoreKeys.all(course.id), predicate: (q) => q.queryKey[2] === 'detail' });
      Toast.show({ icon: 'success', content: t('scores.saved') });
      if (hasInAppHistory()) navigate(-1);
      else navigate(scorePath(course.id, 1), { replace: true });
    } catch (err) {
      setFormError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="page-body score-body" onSubmit={(e) => void submit(e)} noValidate>
      <p className="muted small score-intro">{t('scores.setIntro')}</p>
      <ul className="weight-list" data-testid="weight-list">
        {parsed.map(({ c, weight }) => (
          <li
            key={c.key}
            className={`weight-row${weight === null ? ' is-invalid' : ''}`}
            data-testid="weight-row"
            data-key={c.key}
          >
            <span className="weight-text">
              <span className="weight-title">{c.title}</span>
              <span className="muted small">
                {t('scores.fullScore', { full: c.fullscore })} ·{' '}
                <span data-testid="weight-share">
                  {t('scores.share', { share: weight === null ? 0 : weightShare(weight, sum) })}
                </span>
              </span>
            </span>
            <input
              className="weight-input"
              inputMode="numeric"
              maxLength={3}
              value={typed[c.key] ?? ''}
              aria-label={t('scores.weightOf', { title: c.title })}
              aria-invalid={weight === null}
              onChange={(e) => {
                setFormError(undefined);
                setValues((v) => ({ ...(v ?? {}), [c.key]: e.target.value.replace(/[^\d]/g, '') }));
              }}
              data-testid="weight-input"
            />
          </li>
        ))}
      </ul>
      <div className={`weight-sum${sum === 0 ? ' is-zero' : ''}`} data-testid="weight-sum">
        {sum === 0 ? t('scores.sumZero') : t('scores.sum', { sum })}
      </div>
      <FormError message={formError} testid="weight-error" />
      <SubmitButton testid="weight-save" loading={saving}>
        {t('scores.save')}
      </SubmitButton>
    </form>
  );
}
