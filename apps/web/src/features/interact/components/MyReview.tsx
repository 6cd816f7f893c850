import { useTranslation } from '../../../lib/translations';
import type { MyStep } from '../api';
import { MarkTag } from './MarkControl';

/** The teacher's mark and comment on this answer, and whether it is shown to the class. */
export function MyReview({ step }: { step: MyStep }) {
  const { t } = useTranslation();
  if (!step.mymark && !step.mycomment && !step.myexhibit) return null;
  return (
    <div className="iar-my-review" data-testid="iar-my-review">
      {step.mymark ? (
        <p className="small">
          {t('interact.results.mark', { mark: '' })}
          <MarkTag mark={step.mymark} testid="iar-my-mark" />
        </p>
      ) : null}
      {step.mycomment ? (
        <p className="small" data-testid="iar-my-comment">
          {t('interact.results.comment', { text: step.mycomment })}
        </p>
      ) : null}
      {step.myexhibit ? (
        <p className="ia-notice is-shown" data-testid="iar-my-exhibited">
          {t('interact.success.exhibited')}
        </p>
      ) : null}
    </div>
  );
}
