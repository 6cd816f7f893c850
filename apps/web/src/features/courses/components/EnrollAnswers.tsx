import type { EnrollAnswer } from '../types';

/** "标题：回答" lines of an enrolment request. */
export function EnrollAnswers({ answers, testid = 'review-answers' }: { answers: EnrollAnswer[]; testid?: string }) {
  if (answers.length === 0) return null;
  return (
    <dl className="enroll-answers" data-testid={testid}>
      {answers.map((a) => (
        <div className="enroll-answer" key={a.title}>
          <dt>{a.title}</dt>
          <dd>{a.value}</dd>
        </div>
      ))}
    </dl>
  );
}
