import { EXAM_CODES, QUESTION_TYPES } from '@paiclass/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, NETWORK_ERROR } from '../../../lib/api';
import { studentExamApi } from '../api.student';
import { normaliseAnswer } from '../components/student/studentUtils';
import type { HandupResult, StudentPaper } from '../types';
import { AnswerJournal, type AnswerValue, isAnswered } from './answerJournal';
import { AnswerSender, type SaveFailure, type SaveStatus } from './answerSender';

/** Refusals of a save after which this paper takes no more answers: the page moves on to the result. */
const FINAL_CODES: number[] = [
  EXAM_CODES.testHandedIn,
  EXAM_CODES.testClosed,
  EXAM_CODES.testPastDeadline,
  EXAM_CODES.testNotStarted,
];

export const classifyFailure = (error: unknown): SaveFailure =>
  error instanceof ApiError && error.code !== NETWORK_ERROR
    ? { kind: 'refused', code: error.code, message: error.message }
    : { kind: 'network' };

/**
 * The server's clock as this page knows it: the server's time and the paper's deadline from the
 * last answer, carried forward by the device's monotonic clock (performance.now), never by the
 * device's wall clock, so a phone set to the wrong time counts down right.
 */
export class ServerClock {
  private server = 0;
  private at = 0;
  private deadlineMs = 0;
  private startedMs = 0;

  constructor(
    paper: Pick<StudentPaper, 'servertime' | 'deadlinems' | 'remaining' | 'elapsed' | 'deadline'>,
    now = performance.now(),
  ) {
    this.sync(paper.servertime, paper.remaining, now);
    this.startedMs = paper.servertime - paper.elapsed;
    if (paper.deadline === 0) this.deadlineMs = 0;
  }

  /** A server answer's time and remaining ms (-1: no deadline). */
  sync(servertime: number, remaining: number, now = performance.now()) {
    this.server = servertime;
    this.at = now;
    this.deadlineMs = remaining < 0 ? 0 : servertime + remaining;
  }

  /** The deadline moved (the socket's TestpaperDeadline, epoch seconds; 0 none). */
  setDeadline(seconds: number) {
    this.deadlineMs = seconds > 0 ? seconds * 1000 : 0;
  }

  now(at = performance.now()) {
    return this.server + (at - this.at);
  }

  /** ms left by the server's clock; null without a deadline. */
  remaining(at = performance.now()) {
    return this.deadlineMs ? this.deadlineMs - this.now(at) : null;
  }

  /** ms since the attempt's start (the journal's `elapsed`). */
  elapsed(at = performance.now()) {
    return Math.max(0, this.now(at) - this.startedMs);
  }
}

export interface TakingSession {
  answers: Record<number, AnswerValue>;
  setAnswer: (subjectid: number, value: AnswerValue) => void;
  status: SaveStatus;
  failure?: SaveFailure;
  online: boolean;
  clock: ServerClock;
  unanswered: number;
  refusedIds: number[];
  /** the answers the server refused, with its words */
  refused: readonly { subjectid: number; message: string }[];
  /** hands the paper in with what the journal still holds; throws the call's error */
  handIn: () => Promise<HandupResult>;
  /** a save refusal after which no answer is taken (handed in, closed, time up) */
  final: (SaveFailure & { kind: 'refused' }) | null;
}

/**
 * Taking one paper: the answers (journal first, then the server), saved a little after each change
 * and replayed after a drop (answerSender), the server's clock, and the hand-in.
 */
export function useTakingSession(courseId: number, paper: StudentPaper): TakingSession {
  const clock = useMemo(() => new ServerClock(paper), [paper]);
  const journal = useMemo(() => {
    const j = new AnswerJournal(paper.attemptid, window.localStorage);
    j.adopt(
      paper.lists
        .filter((i) => i.myseq > 0 || isAnswered(i.myanswer as AnswerValue))
        .map((i) => ({ subjectid: i.subjectid, seq: i.myseq, answer: normaliseAnswer(i.typeid, i.myanswer) })),
    );
    return j;
  }, [paper]);
  const [answers, setAnswers] = useState<Record<number, AnswerValue>>(() => {
    const out: Record<number, AnswerValue> = {};
    for (const item of paper.lists) {
      const mine = journal.current(item.subjectid);
      out[item.subjectid] = mine !== undefined ? normaliseAnswer(item.typeid, mine) : normaliseAnswer(item.typeid, item.myanswer);
    }
    return out;
  });
  const [status, setStatus] = useState<SaveStatus>(journal.pendingCount > 0 ? 'saving' : 'saved');
  const [failure, setFailure] = useState<SaveFailure>();
  const [final, setFinal] = useState<(SaveFailure & { kind: 'refused' }) | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [refusedIds, setRefusedIds] = useState<number[]>(() => journal.refused.map((r) => r.subjectid));

  const sender = useMemo(
    () =>
      new AnswerSender({
        journal,
        send: (batch) => studentExamApi.save(courseId, paper.testpaperid, batch),
        classify: classifyFailure,
        isFinal: (code) => FINAL_CODES.includes(code),
        onStatus: (s, f) => {
          setStatus(s);
          setFailure(f);
          setRefusedIds(journal.refused.map((x) => x.subjectid));
        },
        onResult: (r) => {
          clock.sync(r.servertime, r.remaining);
          setRefusedIds(journal.refused.map((x) => x.subjectid));
        },
        onFinal: (f) => setFinal(f),
      }),
    [journal, courseId, paper.testpaperid, clock],
  );
  const senderRef = useRef(sender);
  senderRef.current = sender;

  useEffect(() => {
    // (re)started with the page: answers left from before a reload or a drop go now (restart
    // also undoes a development-mode double mount's stop)
    sender.restart();
    return () => sender.stop();
  }, [sender]);

  useEffect(() => {
    const up = () => {
      setOnline(true);
      senderRef.current.resume();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);

  const setAnswer = useCallback(
    (subjectid: number, value: AnswerValue) => {
      setAnswers((prev) => ({ ...prev, [subjectid]: value }));
      if (journal.record(subjectid, value, clock.elapsed())) sender.changed();
    },
    [journal, sender, clock],
  );

  const handIn = useCallback(async () => {
    sender.stop();
    try {
      const result = await studentExamApi.handup(courseId, paper.testpaperid, journal.batch());
      journal.clear();
      return result;
    } catch (error) {
      const f = classifyFailure(error);
      // a paper the server already handed in answers with repeat: 1, never an error; any other
      // refusal or a dropped network leaves the journal as it is and saving goes on
      if (!(f.kind === 'refused' && f.code === EXAM_CODES.testHandedIn)) sender.restart();
      throw error;
    }
  }, [sender, journal, courseId, paper.testpaperid]);

  const unanswered = paper.lists.filter(
    (i) => i.typeid !== QUESTION_TYPES.note && !isAnswered(answers[i.subjectid] ?? null),
  ).length;

  const refused = useMemo(() => journal.refused.filter((r) => refusedIds.includes(r.subjectid)), [journal, refusedIds]);

  return { answers, setAnswer, status, failure, online, clock, unanswered, refusedIds, refused, handIn, final };
}
