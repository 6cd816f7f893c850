import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Switch, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { showApiError } from '../../../lib/api';
import { RECONNECTED, useClassroom, useSocketEvent } from '../../../lib/socket';
import { testId } from '../../../lib/testid';
import { useClaimClassEvent } from '../../classtime/events/claims';
import { useTranslation } from '../../../lib/translations';
import { useAuth } from '../../accounts/authStore';
import { useCountdown } from '../../interact/hooks/useCountdown';
import {
  type Letter,
  type LetterList,
  type MuteChange,
  type Question,
  type QuestionList,
  type SpeakConfig,
  speakApi,
  speakKeys,
  type Timer,
} from '../api';
import '../speak.css';
import { ClassTimer } from './ClassTimer';

/** the teacher's ready countdowns, in seconds */
const TIMER_PRESETS = [30, 60, 180, 300];

/**
 * Speaking, questions and the class timer while a class is in progress (issue 15, decision 024).
 * A student writes to the teacher ("speak") or asks a question (anonymously if they like), sees their
 * questions' replies, and finds the input disabled the moment the teacher mutes them. The teacher sees
 * letters and questions arrive live, mutes one student or everyone, replies, marks answered, and starts
 * or stops the class timer. Every phone counts the timer down by the server's clock.
 */
export function SpeakTools({ courseId, canTeach }: { courseId: number; canTeach: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = Number(useAuth((s) => s.user?.id ?? 0));
  const config = useQuery({
    queryKey: speakKeys.config(courseId),
    queryFn: () => speakApi.config(courseId),
    refetchOnMount: 'always',
  });
  const setConfig = (change: (c: SpeakConfig) => SpeakConfig) =>
    queryClient.setQueryData<SpeakConfig>(speakKeys.config(courseId), (c) => (c ? change(c) : c));

  useClassroom(courseId);
  // the section's heading shows the timer: the course-level layer does not (decision 029)
  useClaimClassEvent('timer');
  // the push carries the server's clock; the query's update time is this phone's moment of receipt
  useSocketEvent('Tools.timer', (d: Timer) => {
    if (d.courseid === courseId) setConfig((c) => ({ ...c, timer: d }));
  });
  useSocketEvent('Speak.mute', (d: MuteChange) => {
    if (d.courseid !== courseId) return;
    setConfig((c) => {
      if (d.uid === 0) return { ...c, allmuted: d.allmuted, muted: c.isstaff ? 0 : d.mute, mutedlist: [], allowedlist: [] };
      if (c.isstaff) {
        const others = (l: number[]) => l.filter((u) => u !== d.uid);
        return d.mute
          ? { ...c, mutedlist: [...others(c.mutedlist), d.uid], allowedlist: others(c.allowedlist) }
          : {
              ...c,
              mutedlist: others(c.mutedlist),
              allowedlist: c.allmuted ? [...others(c.allowedlist), d.uid] : others(c.allowedlist),
            };
      }
      return d.uid === me ? { ...c, muted: d.mute } : c;
    });
  });
  useSocketEvent(RECONNECTED, () => void queryClient.invalidateQueries({ queryKey: speakKeys.all(courseId) }));

  return (
    <section className="speak-tools" data-testid="speak-tools" aria-label={t('speak.title')}>
      <div className="speak-tools-head">
        <span className="speak-tools-title">{t('speak.title')}</span>
        {config.data ? <ClassTimer timer={config.data.timer} receivedAt={config.dataUpdatedAt} /> : null}
      </div>
      {config.isPending ? (
        <div className="speak-hint" aria-busy="true">
          {t('speak.loading')}
        </div>
      ) : config.isError ? (
        <div className="speak-error" data-testid="speak-error">
          {t('speak.loadFailed')}
          <Button size="mini" fill="none" color="primary" onClick={() => void config.refetch()}>
            {t('speak.retry')}
          </Button>
        </div>
      ) : canTeach && config.data.isstaff ? (
        <TeacherSpeak courseId={courseId} config={config.data} receivedAt={config.dataUpdatedAt} />
      ) : (
        <StudentSpeak courseId={courseId} config={config.data} />
      )}
    </section>
  );
}

function StudentSpeak({ courseId, config }: { courseId: number; config: SpeakConfig }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'speak' | 'ask'>('speak');
  const [text, setText] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [sending, setSending] = useState(false);
  const questions = useQuery({ queryKey: speakKeys.questions(courseId), queryFn: () => speakApi.questions(courseId) });
  const upsert = (q: Question) => {
    if (q.courseid !== courseId) return;
    queryClient.setQueryData<QuestionList>(speakKeys.questions(courseId), (l) =>
      l
        ? l.list.some((x) => x.id === q.id)
          ? { ...l, list: l.list.map((x) => (x.id === q.id ? q : x)) }
          : { ...l, count: l.count + 1, list: [q, ...l.list] }
        : l,
    );
  };
  useSocketEvent('CourseQuestions.new', upsert);
  useSocketEvent('CourseQuestions.changed', upsert);

  const muted = config.muted === 1;
  const max = mode === 'speak' ? config.maxlength : config.questionmaxlength;
  const send = async () => {
    const content = text.trim();
    if (!content) {
      Toast.show({ content: t(mode === 'speak' ? 'speak.emptyLetter' : 'speak.emptyQuestion') });
      return;
    }
    setSending(true);
    try {
      if (mode === 'speak') {
        await speakApi.send(courseId, content);
        queryClient.setQueryData<SpeakConfig>(speakKeys.config(courseId), (c) => (c ? { ...c, sent: c.sent + 1 } : c));
        Toast.show({ content: t('speak.sent') });
      } else {
        upsert(await speakApi.ask(courseId, content, anonymous));
        Toast.show({ content: t('speak.asked') });
      }
      setText('');
      setAnonymous(false);
    } catch (e) {
      showApiError(e);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <div className="speak-modes" role="tablist">
        {(['speak', 'ask'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            className={`speak-mode${mode === m ? ' is-active' : ''}`}
            onClick={() => setMode(m)}
            data-testid={`speak-mode-${m}`}
          >
            {t(`speak.mode.${m}`)}
          </button>
        ))}
      </div>
      {muted ? (
        <div className="speak-muted" role="status" data-testid="speak-muted">
          {t(config.allmuted ? 'speak.allMutedNotice' : 'speak.mutedNotice')}
        </div>
      ) : null}
      <TextArea
        value={text}
        onChange={setText}
        disabled={muted}
        maxLength={max}
        showCount
        autoSize={{ minRows: 2, maxRows: 4 }}
        placeholder={
          muted ? t('speak.mutedPlaceholder') : t(mode === 'speak' ? 'speak.letterPlaceholder' : 'speak.questionPlaceholder')
        }
        aria-label={t(mode === 'speak' ? 'speak.letterPlaceholder' : 'speak.questionPlaceholder')}
        data-testid="speak-input"
      />
      <div className="speak-compose-row">
        {mode === 'ask' ? (
          <Checkbox checked={anonymous} disabled={muted} onChange={setAnonymous} data-testid="speak-anonymous">
            <span className="speak-small">{t('speak.anonymous')}</span>
          </Checkbox>
        ) : (
          <span className="speak-hint" data-testid="speak-limit">
            {t('speak.limitHint', { sent: config.sent, limit: config.limit })}
          </span>
        )}
        <Button
          size="small"
          color="primary"
          disabled={muted}
          loading={sending}
          onClick={() => void send()}
          data-testid="speak-send"
        >
          {t(mode === 'speak' ? 'speak.send' : 'speak.ask')}
        </Button>
      </div>
      <div className="speak-list-head">{t('speak.myQuestions')}</div>
      {questions.isPending ? (
        <div className="speak-hint" aria-busy="true">
          {t('speak.loading')}
        </div>
      ) : questions.isError ? (
        <div className="speak-error">{t('speak.loadFailed')}</div>
      ) : questions.data.list.length === 0 ? (
        <div className="speak-hint" data-testid="my-questions-empty">
          {t('speak.myQuestionsEmpty')}
        </div>
      ) : (
        <ul className="speak-list">
          {questions.data.list.slice(0, 10).map((q) => (
            <li key={q.id} className="speak-question" data-testid="my-question">
              <div className="speak-row-text">
                {q.content}
                <span className={`speak-tag${q.answered ? ' is-done' : ''}`}>
                  {t(q.answered ? 'speak.answered' : 'speak.open')}
                </span>
                {q.anonymous ? <span className="speak-tag">{t('speak.anonymousTag')}</span> : null}
              </div>
              {q.replies.map((r) => (
                <div key={r.id} className="speak-reply" data-testid="my-question-reply">
                  {t('speak.replyBy', { name: r.username, text: r.content })}
                </div>
              ))}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function TeacherSpeak({ courseId, config, receivedAt }: { courseId: number; config: SpeakConfig; receivedAt: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const letters = useQuery({ queryKey: speakKeys.letters(courseId), queryFn: () => speakApi.letters(courseId) });
  const questions = useQuery({ queryKey: speakKeys.questions(courseId), queryFn: () => speakApi.questions(courseId) });
  useSocketEvent('Speak.letter', (l: Letter) => {
    if (l.courseid !== courseId) return;
    queryClient.setQueryData<LetterList>(speakKeys.letters(courseId), (list) =>
      list && !list.list.some((x) => x.id === l.id) ? { ...list, list: [...list.list, l] } : list,
    );
  });
  const upsert = (q: Question) => {
    if (q.courseid !== courseId) return;
    queryClient.setQueryData<QuestionList>(speakKeys.questions(courseId), (l) => {
      if (!l) return l;
      const had = l.list.find((x) => x.id === q.id);
      const list = had ? l.list.map((x) => (x.id === q.id ? q : x)) : [q, ...l.list];
      return { ...l, count: l.count + (had ? 0 : 1), open: list.filter((x) => !x.answered).length, list };
    });
  };
  useSocketEvent('CourseQuestions.new', upsert);
  useSocketEvent('CourseQuestions.changed', upsert);

  const run = async <T,>(key: string, work: () => Promise<T>, then?: (v: T) => void) => {
    setBusy(key);
    try {
      const v = await work();
      then?.(v);
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(null);
    }
  };
  const setConfig = (change: (c: SpeakConfig) => SpeakConfig) =>
    queryClient.setQueryData<SpeakConfig>(speakKeys.config(courseId), (c) => (c ? change(c) : c));
  const isMuted = (uid: number) =>
    config.allowedlist.includes(uid) ? false : config.mutedlist.includes(uid) ? true : config.allmuted === 1;
  const muteOne = (uid: number) =>
    run(
      `mute-${uid}`,
      () => speakApi.mute(courseId, !isMuted(uid), uid),
      (d) =>
        setConfig((c) => {
          const others = (l: number[]) => l.filter((u) => u !== uid);
          return d.mute
            ? { ...c, mutedlist: [...others(c.mutedlist), uid], allowedlist: others(c.allowedlist) }
            : {
                ...c,
                mutedlist: others(c.mutedlist),
                allowedlist: c.allmuted ? [...others(c.allowedlist), uid] : others(c.allowedlist),
              };
        }),
    );
  const muteAll = (on: boolean) =>
    run(
      'mute-all',
      () => speakApi.mute(courseId, on),
      (d) => setConfig((c) => ({ ...c, allmuted: d.allmuted, mutedlist: [], allowedlist: [] })),
    );
  const timerAction = (seconds?: number) =>
    run(
      'timer',
      () => (seconds ? speakApi.startTimer(courseId, seconds) : speakApi.stopTimer(courseId)),
      (d) => setConfig((c) => ({ ...c, timer: d })),
    );
  const timer = config.timer;
  const left = useCountdown({ state: timer.status, closes_at: timer.ends_at, now: timer.now }, receivedAt);
  const running = left !== null && left > 0;
  const shownLetters = [...(letters.data?.list ?? [])].reverse().slice(0, 30);

  return (
    <>
      <div className="speak-row">
        <label className="speak-label" htmlFor="speak-mute-all">
          {t('speak.muteAll')}
        </label>
        <Switch
          checked={config.allmuted === 1}
          loading={busy === 'mute-all'}
          onChange={(on) => void muteAll(on)}
          aria-label={t('speak.muteAll')}
          data-testid="speak-mute-all"
        />
      </div>
      <div className="speak-timer-row">
        <span className="speak-label">{t('speak.timer.title')}</span>
        <div className="speak-timer-actions">
          {running ? (
            <Button
              size="small"
              fill="outline"
              loading={busy === 'timer'}
              onClick={() => void timerAction()}
              data-testid="timer-stop"
            >
              {t('speak.timer.stop')}
            </Button>
          ) : (
            TIMER_PRESETS.map((s) => (
              <Button
                key={s}
                size="mini"
                color="primary"
                fill="outline"
                disabled={busy === 'timer'}
                onClick={() => void timerAction(s)}
                {...testId(`timer-start-${s}`)}
              >
                {s < 60 ? t('speak.timer.seconds', { n: s }) : t('speak.timer.minutes', { n: s / 60 })}
              </Button>
            ))
          )}
        </div>
      </div>

      <div className="speak-list-head">{t('speak.letters')}</div>
      {letters.isPending ? (
        <div className="speak-hint" aria-busy="true">
          {t('speak.loading')}
        </div>
      ) : letters.isError ? (
        <div className="speak-error">{t('speak.loadFailed')}</div>
      ) : shownLetters.length === 0 ? (
        <div className="speak-hint" data-testid="letters-empty">
          {t('speak.lettersEmpty')}
        </div>
      ) : (
        <ul className="speak-list" data-testid="letters">
          {shownLetters.map((l) => {
            const muted = isMuted(l.uid);
            return (
              <li key={l.id} data-testid="letter-row" data-uid={l.uid}>
                <span className="speak-row-text">
                  <b>{t('speak.says', { name: l.username })}</b>
                  {l.content}
                </span>
                <Button
                  size="mini"
                  fill="none"
                  color={muted ? 'primary' : 'danger'}
                  loading={busy === `mute-${l.uid}`}
                  onClick={() => void muteOne(l.uid)}
                  {...testId('letter-mute')}
                >
                  {t(muted ? 'speak.unmute' : 'speak.mute')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}

      <div className="speak-list-head">
        {t('speak.questions')}
        {questions.data ? <span className="speak-count">{t('speak.openCount', { n: questions.data.open })}</span> : null}
      </div>
      {questions.isPending ? (
        <div className="speak-hint" aria-busy="true">
          {t('speak.loading')}
        </div>
      ) : questions.isError ? (
        <div className="speak-error">{t('speak.loadFailed')}</div>
      ) : questions.data.list.length === 0 ? (
        <div className="speak-hint" data-testid="questions-empty">
          {t('speak.questionsEmpty')}
        </div>
      ) : (
        <ul className="speak-list" data-testid="questions">
          {questions.data.list.slice(0, 30).map((q) => (
            <QuestionRow
              key={q.id}
              courseId={courseId}
              q={q}
              muted={q.uid ? isMuted(q.uid) : undefined}
              onMute={muteOne}
              onChange={upsert}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function QuestionRow({
  courseId,
  q,
  muted,
  onMute,
  onChange,
}: {
  courseId: number;
  q: Question;
  muted?: boolean;
  onMute: (uid: number) => Promise<void>;
  onChange: (q: Question) => void;
}) {
  const { t } = useTranslation();
  const [replying, setReplying] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<Question>) => {
    setBusy(true);
    try {
      onChange(await work());
      setReplying(false);
      setText('');
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
    }
  };
  const reply = () => {
    if (!text.trim()) {
      Toast.show({ content: t('speak.emptyReply') });
      return;
    }
    void act(() => speakApi.reply(courseId, q.id, text.trim()));
  };
  return (
    <li className="speak-question" data-testid="question-row" data-answered={q.answered}>
      <div className="speak-row-text">
        <b>{t('speak.asks', { name: q.anonymous ? t('speak.anonymousName') : q.username })}</b>
        {q.content}
        <span className={`speak-tag${q.answered ? ' is-done' : ''}`}>{t(q.answered ? 'speak.answered' : 'speak.open')}</span>
      </div>
      {q.replies.map((r) => (
        <div key={r.id} className="speak-reply" data-testid="question-reply-text">
          {t('speak.replyBy', { name: r.username, text: r.content })}
        </div>
      ))}
      {replying ? (
        <div className="speak-compose-row">
          <TextArea
            value={text}
            onChange={setText}
            maxLength={300}
            autoSize={{ minRows: 1, maxRows: 3 }}
            placeholder={t('speak.replyPlaceholder')}
            aria-label={t('speak.replyPlaceholder')}
            data-testid="question-reply-input"
          />
          <Button size="small" color="primary" loading={busy} onClick={reply} data-testid="question-reply-send">
            {t('speak.replySend')}
          </Button>
        </div>
      ) : (
        <div className="speak-actions">
          <Button size="mini" fill="none" color="primary" onClick={() => setReplying(true)} {...testId('question-reply')}>
            {t('speak.reply')}
          </Button>
          <Button
            size="mini"
            fill="none"
            color="primary"
            disabled={busy}
            onClick={() => void act(() => speakApi.setAnswered(courseId, q.id, !q.answered))}
            {...testId('question-answered')}
          >
            {t(q.answered ? 'speak.markOpen' : 'speak.markAnswered')}
          </Button>
          {q.uid && muted !== undefined ? (
            <Button
              size="mini"
              fill="none"
              color={muted ? 'primary' : 'danger'}
              onClick={() => void onMute(q.uid)}
              {...testId('question-mute')}
            >
              {t(muted ? 'speak.unmute' : 'speak.mute')}
            </Button>
          ) : null}
        </div>
      )}
    </li>
  );
}
