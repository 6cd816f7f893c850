import { useTranslation } from '../../../lib/translations';
import { CorrectTag } from '../../exams/components/student/CorrectTag';
import type { ShownAnswer } from '../api';
import { answerText } from './answerText';
import { MarkTag } from './MarkControl';
import '../../exams/components/student/student.css';

/**
 * The answers the teacher shows to the class (answer review): on the screen and on the students'
 * phones, named only when shown with names; the caller's own marked as theirs.
 */
export function ShownAnswers({ type, answers, big }: { type: number; answers: ShownAnswer[]; big?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className={`iar-shown${big ? ' is-big' : ''}`} data-testid="iar-shown">
      {answers.map((a) => (
        <li
          key={a.answerid}
          className={`iar-shown-card${a.mine ? ' is-mine' : ''}`}
          data-testid="iar-shown-answer"
          data-mine={a.mine}
        >
          <div className="iar-shown-head">
            <span className="iar-shown-name" data-testid="iar-shown-name">
              {a.mine ? t('interact.results.yours') : a.username || t('interact.screen.someone')}
            </span>
            <MarkTag mark={a.mark} />
            {a.correct >= 0 ? <CorrectTag t={t} correct={a.correct} /> : null}
          </div>
          <div className="iar-shown-text" data-testid="iar-shown-text">
            {answerText(t, type, a.answer)}
          </div>
        </li>
      ))}
    </ul>
  );
}
