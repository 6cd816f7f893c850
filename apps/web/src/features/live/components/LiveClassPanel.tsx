import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, NoticeBar } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { classTimeKeys } from '../../classtime/api';
import { useClaimClassEvent } from '../../classtime/events/claims';
import { useInteractEvents } from '../../interact/hooks/useInteractEvents';
import { usePendingSteps } from '../../interact/hooks/usePendingSteps';
import { useTopicSetting } from '../../topics/hooks/useTopicSetting';
import { topicPath } from '../../topics/paths';
import { type LiveInfo, liveApi, liveClassPaths, liveKeys } from '../api';

const SpeakTools = lazy(() => import('../../speak/components/SpeakTools').then((m) => ({ default: m.SpeakTools })));

/**
 * The class on the stream (issue 26, decision 040), under the live's picture. Before a class is given
 * on the live the teacher begins it here; during it the teacher asks questions of the classroom's
 * interactive answers, raises topics, reads letters and questions, mutes one student or all, and
 * runs the class timer (SpeakTools, decision 024); a student answers the question asked (the bar
 * leads to the answer sheet), writes to the teacher, asks, and reads their speaking history.
 */
export function LiveClassPanel({ courseId, live, manager }: { courseId: number; live: LiveInfo; manager: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const role = manager ? 1 : 0;
  const inClass = live.classtimeid > 0;
  const ended = live.liveState === 2 || live.contenttype !== 20;
  // the live shows its own way to the question asked: the course-level "join?" prompt would lead
  // away from the stream (decision 029)
  useClaimClassEvent('question', inClass && !manager);
  // a student starts a topic only where the teacher allows it (spec 2 §6): no button that is only refused
  const topicSetting = useTopicSetting(courseId, inClass && !manager);
  const mayAddTopic = manager || Number(topicSetting.data?.allowstudent) === 1;
  const begin = useMutation({
    mutationFn: () => liveApi.beginClass(courseId, live.id),
    onSuccess: (next) => {
      queryClient.setQueryData(liveKeys.info(courseId, live.id), next);
      void queryClient.invalidateQueries({ queryKey: classTimeKeys.status(courseId) });
    },
    onError: showApiError,
  });
  return (
    <section className="form-card live-class" data-testid="live-class" data-classtime={live.classtimeid}>
      <div className="live-push-head">{t('live.class.title')}</div>
      {inClass ? (
        <>
          {manager ? null : <OpenQuestionBar courseId={courseId} liveId={live.id} />}
          <div className="live-class-links">
            {manager ? (
              <Button
                size="small"
                color="primary"
                fill="outline"
                onClick={() => navigate(liveClassPaths.question(courseId, role, live.id))}
                data-testid="live-ask"
              >
                {t('live.class.ask')}
              </Button>
            ) : null}
            {mayAddTopic ? (
              <Button
                size="small"
                fill="outline"
                onClick={() => navigate(liveClassPaths.addTopic(courseId, role, live.id))}
                data-testid="live-add-topic"
              >
                {t('live.class.addTopic')}
              </Button>
            ) : null}
            <Button
              size="small"
              fill="outline"
              onClick={() => navigate(liveClassPaths.speakHistory(courseId, role, live.id))}
              data-testid="live-speak-history"
            >
              {t(manager ? 'live.class.speakHistory' : 'live.class.mySpeakHistory')}
            </Button>
            {manager ? (
              <Button
                size="small"
                fill="outline"
                onClick={() => navigate(`/checkIn/teacherCheckinIndex?courseId=${courseId}&courseRole=1`)}
                data-testid="live-attendance"
              >
                {t('live.class.attendance')}
              </Button>
            ) : null}
          </div>
          <Suspense fallback={null}>
            <SpeakTools key={live.classtimeid} courseId={courseId} canTeach={manager} />
          </Suspense>
        </>
      ) : manager && !ended ? (
        <>
          <p className="live-push-tip">{t('live.class.beginTip')}</p>
          <Button block color="primary" loading={begin.isPending} onClick={() => begin.mutate()} data-testid="live-class-begin">
            {t('live.class.begin')}
          </Button>
        </>
      ) : (
        <p className="live-push-tip" data-testid="live-class-none">
          {t(ended ? 'live.class.over' : 'live.class.notYet')}
        </p>
      )}
      {!inClass && live.classes > 0 ? (
        <Button
          size="small"
          fill="none"
          color="primary"
          onClick={() => navigate(liveClassPaths.speakHistory(courseId, role, live.id))}
          data-testid="live-speak-history"
        >
          {t(manager ? 'live.class.speakHistory' : 'live.class.mySpeakHistory')}
        </Button>
      ) : null}
      {live.topics.length ? (
        <div className="live-topics" data-testid="live-topics">
          <div className="speak-list-head">{t('live.class.topics')}</div>
          <ul className="speak-list">
            {live.topics.map((topic) => (
              <li key={topic.id}>
                <button
                  type="button"
                  className="live-topic"
                  onClick={() => navigate(topicPath(courseId, role, topic.id))}
                  data-testid="live-topic"
                >
                  {topic.title}
                </button>
                <span className="speak-hint">{topic.username}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** A student's way to the question asked: while a step waits for their answer, a bar to its answer sheet. */
function OpenQuestionBar({ courseId, liveId }: { courseId: number; liveId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useInteractEvents(courseId);
  const pending = usePendingSteps(courseId);
  const list = pending.data?.list ?? [];
  if (list.length === 0) return null;
  const only = list.length === 1 ? list[0]! : undefined;
  return (
    <button
      type="button"
      className="live-open-question"
      onClick={() =>
        navigate(
          only
            ? liveClassPaths.answerSheet(courseId, 0, liveId, only.stepid, only.interactid)
            : liveClassPaths.question(courseId, 0, liveId),
        )
      }
      data-testid="live-open-question"
      data-count={list.length}
    >
      <NoticeBar color="info" content={t('live.class.openQuestion', { count: list.length })} />
    </button>
  );
}
