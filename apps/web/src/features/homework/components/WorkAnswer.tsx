import { RichTextView } from '../../../components/RichTextView';
import { useTranslation } from '../../../lib/translations';

/**
 * A submission's written answer (issue 12, item 4), as its author wrote it: lines, bold and pictures
 * kept, sanitised again here with the shared allow-list. Nothing when there is none.
 */
export function WorkAnswer({ html, testid = 'work-answer' }: { html: string | undefined; testid?: string }) {
  const { t } = useTranslation();
  if (!html) return null;
  return (
    <section className="hw-answer" data-testid={testid}>
      <h3 className="hw-answer-title">{t('homework.submission.answer')}</h3>
      <RichTextView html={html} testid={`${testid}-body`} />
    </section>
  );
}
