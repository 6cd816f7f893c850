import { describe, expect, it } from 'vitest';
import { AnswerJournal, type JournalEntry, type JournalStorage, journalKey, sameAnswer } from './answerJournal';
import { AnswerSender, type SaveFailure, type SaveResult } from './answerSender';
import { ServerClock } from './useTakingSession';

function memoryStorage(): JournalStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

/** A server as decision 017 keeps answers: per question the highest sequence number wins. */
function fakeServer() {
  const kept = new Map<number, { seq: number; answer: unknown }>();
  const calls: JournalEntry[][] = [];
  let down = false;
  return {
    kept,
    calls,
    setDown: (v: boolean) => {
      down = v;
    },
    send: async (answers: JournalEntry[]): Promise<SaveResult> => {
      calls.push(answers.map((a) => ({ ...a })));
      if (down) throw new Error('network');
      for (const a of answers) {
        const had = kept.get(a.subjectid);
        if (!had || had.seq <= a.seq) kept.set(a.subjectid, { seq: a.seq, answer: a.answer });
      }
      return { saved: answers.map((a) => ({ subjectid: a.subjectid, seq: a.seq })), refused: [], remaining: 1000, servertime: 0 };
    },
  };
}

/** Timers run by hand: `run()` fires what is due. */
function manualTimers() {
  const due: (() => void)[] = [];
  return {
    setTimer: (fn: () => void) => {
      due.push(fn);
      return due.length;
    },
    clearTimer: () => {
      due.length = 0;
    },
    async run() {
      const fns = due.splice(0);
      for (const fn of fns) fn();
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

function makeSender(journal: AnswerJournal, server: ReturnType<typeof fakeServer>, timers = manualTimers()) {
  const statuses: string[] = [];
  const sender = new AnswerSender({
    journal,
    send: server.send,
    classify: (): SaveFailure => ({ kind: 'network' }),
    onStatus: (s) => statuses.push(s),
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
    random: () => 0,
  });
  return { sender, statuses, timers };
}

describe('answer journal', () => {
  it('numbers answers in the order given and sends each question’s newest, in that order', () => {
    const j = new AnswerJournal(7, memoryStorage());
    j.record(3, 'A', 100);
    j.record(1, '1', 200);
    j.record(3, 'B', 300);
    j.record(2, ['北京', '上海'], 400);
    expect(j.batch().map((e) => [e.subjectid, e.seq, e.answer])).toEqual([
      [1, 2, '1'],
      [3, 3, 'B'],
      [2, 4, ['北京', '上海']],
    ]);
  });

  it('skips an answer equal to the question’s last one', () => {
    const j = new AnswerJournal(7, memoryStorage());
    expect(j.record(1, ['A', 'C'], 10)).not.toBe(false);
    expect(j.record(1, ['A', 'C'], 20)).toBe(false);
    expect(j.record(2, '', 30)).toBe(false); // nothing said about an unanswered question
    expect(j.batch()).toHaveLength(1);
    expect(sameAnswer('1', 1)).toBe(true);
    expect(sameAnswer(['A'], ['A', 'C'])).toBe(false);
  });

  it('keeps its answers across a reload (the same storage) and numbers on from there', () => {
    const storage = memoryStorage();
    const a = new AnswerJournal(9, storage);
    a.record(1, 'A', 10);
    a.record(2, 'B', 20);
    const b = new AnswerJournal(9, storage);
    expect(b.batch().map((e) => e.seq)).toEqual([1, 2]);
    expect(b.record(3, 'C', 30)).toMatchObject({ seq: 3 });
    expect(storage.map.has(journalKey(9))).toBe(true);
  });

  it('numbers new answers above what the server already holds, even when this device forgot', () => {
    const j = new AnswerJournal(5, memoryStorage());
    j.adopt([{ subjectid: 1, answer: 'A', seq: 41 }]);
    expect(j.current(1)).toBe('A');
    expect(j.record(1, 'A', 10)).toBe(false); // the server's own answer: unchanged
    expect(j.record(1, 'B', 10)).toMatchObject({ seq: 42 });
  });

  it('settles an answer only up to the sequence number the server took: a newer one waits', () => {
    const j = new AnswerJournal(7, memoryStorage());
    j.record(1, 'A', 10);
    const sent = j.batch();
    j.record(1, 'B', 20); // given while the save was on its way
    j.settle(sent.map((e) => ({ subjectid: e.subjectid, seq: e.seq })));
    expect(j.batch().map((e) => e.answer)).toEqual(['B']);
  });

  it('keeps refused answers to name them', () => {
    const j = new AnswerJournal(7, memoryStorage());
    j.record(4, 'x', 10);
    j.settle([], [{ subjectid: 4, seq: 1, message: '答题时间已到，答案未保存' }]);
    expect(j.batch()).toHaveLength(0);
    expect(j.refused).toEqual([{ subjectid: 4, seq: 1, message: '答题时间已到，答案未保存' }]);
  });
});

describe('answer sender', () => {
  it('loses nothing across a network drop: the answers given offline reach the server in order, once each', async () => {
    const server = fakeServer();
    const j = new AnswerJournal(1, memoryStorage());
    const { sender, statuses, timers } = makeSender(j, server);

    j.record(1, '1', 100);
    sender.changed();
    await timers.run();
    expect(server.kept.get(1)).toEqual({ seq: 1, answer: '1' });

    server.setDown(true);
    j.record(2, 'B', 200);
    sender.changed();
    await timers.run(); // the save fails: offline
    expect(sender.status).toBe('offline');
    j.record(3, ['A', 'C'], 300);
    sender.changed();
    j.record(2, 'C', 400); // changed while offline
    sender.changed();
    j.record(5, ['北京', '上海'], 500);
    sender.changed();
    await timers.run(); // a retry while still down
    expect(sender.status).toBe('offline');

    server.setDown(false);
    sender.resume();
    await new Promise((r) => setTimeout(r, 0));
    expect(sender.status).toBe('saved');
    expect([...server.kept.entries()].sort((a, b) => a[0] - b[0]).map(([id, v]) => [id, v.answer])).toEqual([
      [1, '1'],
      [2, 'C'],
      [3, ['A', 'C']],
      [5, ['北京', '上海']],
    ]);
    // the replay went in sequence order, each question once, the newest of each
    const replay = server.calls[server.calls.length - 1]!;
    expect(replay.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(replay.map((e) => e.subjectid)).toEqual([3, 2, 5]);
    expect(j.batch()).toHaveLength(0);
    expect(statuses).toContain('offline');
  });

  it('sends a replayed entry again without changing what the server holds (same sequence number)', async () => {
    const server = fakeServer();
    const j = new AnswerJournal(2, memoryStorage());
    j.record(1, 'A', 10);
    const entry = j.batch();
    await server.send(entry);
    await server.send(entry); // the answer to the first try was lost: sent again
    expect(server.kept.get(1)).toEqual({ seq: 1, answer: 'A' });
    // an older save arriving last does not overwrite a newer one
    j.record(1, 'B', 20);
    await server.send(j.batch());
    await server.send(entry);
    expect(server.kept.get(1)).toEqual({ seq: 2, answer: 'B' });
  });

  it('survives a page reload while offline: the next page sends what the last one could not', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    server.setDown(true);
    const first = new AnswerJournal(3, storage);
    const one = makeSender(first, server);
    first.record(1, 'A', 10);
    first.record(2, '0', 20);
    one.sender.changed();
    await one.timers.run();
    expect(server.kept.size).toBe(0);

    server.setDown(false);
    const second = new AnswerJournal(3, storage);
    const two = makeSender(second, server);
    expect(two.sender.status).toBe('saving');
    await two.sender.flush();
    expect(server.kept.get(1)?.answer).toBe('A');
    expect(server.kept.get(2)?.answer).toBe('0');
  });
});

describe('an answer the server cannot take', () => {
  it('is set aside with the server’s words; the others of its batch are saved and saving goes on', async () => {
    const server = fakeServer();
    const j = new AnswerJournal(11, memoryStorage());
    const calls: number[][] = [];
    const sender = new AnswerSender({
      journal: j,
      send: async (answers) => {
        calls.push(answers.map((a) => a.subjectid));
        if (answers.some((a) => a.subjectid === 2)) throw { code: 40001, message: '答案与题型不符' };
        return server.send(answers);
      },
      classify: (e): SaveFailure =>
        (e as { code?: number }).code
          ? { kind: 'refused', code: 40001, message: (e as { message: string }).message }
          : { kind: 'network' },
      onStatus: () => {},
      setTimer: () => 0,
      clearTimer: () => {},
    });
    j.record(1, 'A', 10);
    j.record(2, 'not a key', 20);
    j.record(3, '1', 30);
    await sender.flush();
    expect(server.kept.get(1)?.answer).toBe('A');
    expect(server.kept.get(3)?.answer).toBe('1');
    expect(server.kept.has(2)).toBe(false);
    expect(j.refused).toEqual([{ subjectid: 2, seq: 2, message: '答案与题型不符' }]);
    expect(j.batch()).toHaveLength(0);
    expect(sender.status).toBe('saved');
    // answered again, and taken: no longer named as refused
    j.record(2, 'B', 40);
    calls.length = 0;
    const ok = new AnswerSender({
      journal: j,
      send: server.send,
      classify: (): SaveFailure => ({ kind: 'network' }),
      onStatus: () => {},
      setTimer: () => 0,
      clearTimer: () => {},
    });
    await ok.flush();
    expect(server.kept.get(2)?.answer).toBe('B');
    expect(j.refused).toEqual([]);
  });
});

describe('server clock', () => {
  const paper = {
    servertime: 1_800_000_000_000,
    remaining: 600_000,
    deadlinems: 1_800_000_600_000,
    elapsed: 30_000,
    deadline: 1_800_000_600,
  };

  it('counts down from the server’s remaining time by the monotonic clock, whatever the device’s wall clock says', () => {
    const clock = new ServerClock(paper, 1000);
    expect(clock.remaining(1000)).toBe(600_000);
    expect(clock.remaining(61_000)).toBe(540_000);
    expect(clock.elapsed(61_000)).toBe(90_000);
    expect(clock.now(61_000)).toBe(paper.servertime + 60_000);
  });

  it('takes the server’s newer numbers from each save, and a moved deadline from the socket', () => {
    const clock = new ServerClock(paper, 0);
    clock.sync(paper.servertime + 10_000, 100_000, 9_000); // the server says less is left than the device thought
    expect(clock.remaining(9_000)).toBe(100_000);
    clock.setDeadline(1_800_000_000 + 20);
    expect(clock.remaining(9_000)).toBe(10_000);
  });

  it('has no deadline for an untimed paper', () => {
    const clock = new ServerClock({ ...paper, remaining: -1, deadline: 0, deadlinems: 0 }, 0);
    expect(clock.remaining(5_000)).toBeNull();
  });
});
