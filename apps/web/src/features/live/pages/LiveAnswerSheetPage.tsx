import { Button } from 'antd-mobile';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useStepResult } from '../../interact/api';
import { ResultBars } from '../../interact/components/ResultBars';
import { useInteractEvents } from '../../interact/hooks/useInteractEvents';
import { FindItem } from '../../interact/pages/AnswerStepPage';
import { LiveClassFrame } from './LiveClassFrame';
import '../../exams/components/student/student.css';
import '../../interact/interact.css';

/**
 * /onlineLive/question/answerSheet?courseId=&courseRole=&id=&stepid=[&interactid=] (spec 2 §2; decision 040): a
 * student answers the question asked on the live, once, by the server's clock, then waits on the same
 * sheet for the teacher's reveal (the key, right or wrong, the class's bars); the staff watch the sheet
 * fill: the answers counted as they arrive, with names.
 */
export default function LiveAnswerSheetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const stepid = Number(params.get('stepid')) || 0;
  const interactid = Number(params.get('interactid')) || 0;
  return (
    <LiveClassFrame testId="live-answer-sheet-page" title={t('live.class.answerSheetTitle')}>
      {(course, _id, { manager, backToLive }) =>
        !stepid ? (
          <LoadFailed message={t('interact.student.noStep')} />
        ) : manager ? (
          <StaffSheet courseId={course.id} stepid={stepid} back={() => navigate(backToLive)} />
        ) : (
          <FindItem
            courseId={course.id}
            stepid={stepid}
            id={interactid}
            live={{ back: () => navigate(backToLive), backLabel: t('live.class.backToLive') }}
          />
        )
      }
    </LiveClassFrame>
  );
}

function StaffSheet({ courseId, stepid, back }: { courseId: number; stepid: number; back: () => void }) {
  const { t } = useTranslation();
  useInteractEvents(courseId);
  const result = useStepResult(stepid);
  if (result.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (result.isError) return <LoadFailed message={errorMessage(result.error)} />;
  return (
    <div className="page-body ia-body" data-testid="live-sheet">
      <section className="ia-card">
        <ResultBars result={result.data} showNames />
      </section>
      <Button block fill="outline" shape="rounded" onClick={back} data-testid="live-back">
        {t('live.class.backToLive')}
      </Button>
    </div>
  );
}
