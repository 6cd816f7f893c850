import { QUESTION_TYPES } from '@paiclass/shared';
import { useTranslation } from '../../../lib/translations';
import type { StepResult } from '../api';
import { answerText, valueLabel } from './answerText';

/**
 * The counts of a step as horizontal bars drawn in CSS (no charting library): per option, true/false
 * or rating value, its count and share of those who answered; the key's bars marked once it is known.
 * Text answers have no bars: staff see them listed (anonymous ones without names).
 */
export function ResultBars({ result, showNames }: { result: StepResult; showNames?: boolean }) {
  const { t } = useTranslation();
  const keys = new Set(result.key.split('|').filter(Boolean));
  const base = Math.max(1, result.answered);
  const keyed = result.type !== QUESTION_TYPES.rating && keys.size > 0;
  return (
    <div className="ia-result" data-testid="ia-result" data-answered={result.answered}>
      <div className="ia-result-sum">
        <span data-testid="ia-answered">
          {t('interact.result.answered', { answered: result.answered, members: result.members })}
        </span>
        {keyed ? <span data-testid="ia-correct">{t('interact.result.correct', { count: result.correct })}</span> : null}
      </div>
      {result.counts.length > 0 ? (
        <div className="ia-bars">
          {result.counts.map((c) => {
            const isKey = keyed && keys.has(c.value);
            const share = Math.round((c.count / base) * 100);
            return (
              <div
                key={c.value}
                className={`ia-bar-row${isKey ? ' is-key' : ''}`}
                data-testid={`ia-bar-${c.value}`}
                data-count={c.count}
                title={t('interact.result.barLabel', {
                  label: valueLabel(t, result.type, c.value, result.options),
                  count: c.count,
                  share,
                })}
              >
                <span className="ia-bar-label">
                  {valueLabel(t, result.type, c.value, result.options)}
                  {isKey ? <span className="ia-key-mark"> ✓</span> : null}
                </span>
                <span className="ia-bar-track">
                  <span className="ia-bar" style={{ width: `${share}%` }} />
                </span>
                <span className="ia-bar-value" data-testid={`ia-count-${c.value}`}>
                  {c.count}
                </span>
              </div>
            );
          })}
        </div>
      ) : null}
      {showNames && result.counts.length === 0 && result.answers.length > 0 ? (
        <ul className="ia-texts" data-testid="ia-texts">
          {result.answers.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: anonymous answers have no author to key them by
            <li key={`${a.uid}-${i}`} className="ia-text-row">
              <span className="ia-text-name">{a.username || t('interact.result.anonymous')}</span>
              <span className="ia-text-answer">{answerText(t, result.type, a.answer)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {showNames && result.counts.length > 0 && result.answers.length > 0 ? (
        <details className="ia-who">
          <summary data-testid="ia-who">{t('interact.result.who')}</summary>
          <ul className="ia-texts">
            {result.answers.map((a, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an anonymous answer has no author
              <li key={`${a.uid}-${i}`} className="ia-text-row">
                <span className="ia-text-name">{a.username || t('interact.result.anonymous')}</span>
                <span className="ia-text-answer">{answerText(t, result.type, a.answer)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
