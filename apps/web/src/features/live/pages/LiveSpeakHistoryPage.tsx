import { useQuery } from '@tanstack/react-query';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { QueryFailed } from '../../courses/components/CourseGate';
import { liveApi, liveKeys } from '../api';
import { LiveClassFrame } from './LiveClassFrame';
import '../../speak/speak.css';

const clock = (seconds: number) =>
  new Date(seconds * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * /onlineLive/speakHistory?courseId=&courseRole=&id= (spec 2 §2; decision 040): what was said in the
 * classes given on the live: the letters to the teacher and the questions with their replies. The
 * staff read everyone's (an anonymous question without its asker), a student only their own.
 */
export default function LiveSpeakHistoryPage() {
  const { t } = useTranslation();
  return (
    <LiveClassFrame testId="live-speak-history-page" title={t('live.class.speakHistory')}>
      {(course, id, { manager }) => <History courseId={course.id} id={id} manager={manager} />}
    </LiveClassFrame>
  );
}

function History({ courseId, id, manager }: { courseId: number; id: number; manager: boolean }) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: liveKeys.speakHistory(courseId, id),
    queryFn: () => liveApi.speakHistory(courseId, id),
    retry: retryNetworkOnly,
    refetchOnMount: 'always',
  });
  if (history.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (history.isError) return <QueryFailed error={history.error} onRetry={() => void history.refetch()} />;
  const { letters, questions, classtimes } = history.data;
  return (
    <div className="page-body live-history" data-testid="live-history" data-classes={classtimes.length}>
      <p className="small muted">{t(manager ? 'live.class.historyTip' : 'live.class.myHistoryTip', { n: classtimes.length })}</p>
      <section className="speak-tools">
        <div className="speak-list-head">{t('speak.letters')}</div>
        {letters.length === 0 ? (
          <div className="speak-hint" data-testid="live-history-letters-empty">
            {t('live.class.noLetters')}
          </div>
        ) : (
          <ul className="speak-list" data-testid="live-history-letters">
            {letters.map((l) => (
              <li key={l.id} data-testid="live-history-letter">
                <span className="speak-row-text">
                  <b>{t('speak.says', { name: l.username })}</b>
                  {l.content}
                </span>
                <span className="speak-hint">{clock(l.create_time)}</span>
              </li>
            ))}
          </ul>
        )}
        <div className="speak-list-head">{t('speak.questions')}</div>
        {questions.length === 0 ? (
          <div className="speak-hint" data-testid="live-history-questions-empty">
            {t('live.class.noQuestions')}
          </div>
        ) : (
          <ul className="speak-list" data-testid="live-history-questions">
            {questions.map((q) => (
              <li key={q.id} className="speak-question" data-testid="live-history-question">
                <div className="speak-row-text">
                  {q.anonymous ? <span className="speak-tag">{t('speak.anonymousTag')}</span> : <b>{q.username} </b>}
                  {q.content}
                  <span className={`speak-tag${q.answered ? ' is-done' : ''}`}>
                    {t(q.answered ? 'speak.answered' : 'speak.open')}
                  </span>
                </div>
                {q.replies.map((r) => (
                  <div key={r.id} className="speak-reply">
                    {t('speak.replyBy', { name: r.username, text: r.content })}
                  </div>
                ))}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
