import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's WebSocket: the test opens, closes and talks for the server. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 3;
  static made: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: { cmd: string; data: any }[] = [];
  onopen?: () => void;
  onmessage?: (e: { data: string }) => void;
  onclose?: (e: { code: number }) => void;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.made.push(this);
  }
  send(raw: string) {
    this.sent.push(JSON.parse(raw));
  }
  close(code = 1000) {
    this.drop(code);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  drop(code = 1006) {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
  push(message: object) {
    this.onmessage?.({ data: JSON.stringify({ code: 0, msg: '', ...message }) });
  }
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
  };
}

let visibility: 'visible' | 'hidden' = 'visible';
const visibilityListeners: (() => void)[] = [];
const setVisibility = (v: typeof visibility) => {
  visibility = v;
  for (const l of visibilityListeners) l();
};

async function newClient() {
  const { ClassroomSocket } = await import('./socket');
  return new ClassroomSocket();
}
const last = () => FakeSocket.made.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
  visibility = 'visible';
  visibilityListeners.length = 0;
  const localStorage = memoryStorage();
  localStorage.setItem('token', 'tok-1');
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', { localStorage, sessionStorage: memoryStorage() });
  vi.stubGlobal('location', { protocol: 'https:', host: 'class.example' });
  vi.stubGlobal('document', {
    get visibilityState() {
      return visibility;
    },
    addEventListener: (_: string, l: () => void) => visibilityListeners.push(l),
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the classroom socket client', () => {
  it('offers the token and a kept hash, sends what waited once open, and beats at once', async () => {
    const client = await newClient();
    client.send('Early.cmd', { a: 1 });
    client.start();
    client.start(); // opened only when closed
    expect(FakeSocket.made).toHaveLength(1);
    expect(last().url).toBe('wss://class.example/ws/classroom');
    expect(last().protocols[0]).toBe('tok-1');
    expect(last().protocols[1]).toMatch(/^[0-9a-f]+$/);
    last().open();
    expect(client.state).toBe('open');
    expect(last().sent.map((m) => m.cmd)).toEqual(['System.resume', 'Early.cmd', 'ping']);
    expect(last().sent[2]!.data).toBe(10);
    // every 25 s a beat; with a course open, setActive (the opening asks for an answer, the beat does not)
    const leave = client.openCourse(42, 7);
    vi.advanceTimersByTime(25_000);
    expect(last().sent.slice(-2)).toEqual([
      { cmd: 'AttendClass.setActive', data: { classId: 42, classTimeId: 7, courserole: 0, ack: 1 } },
      { cmd: 'AttendClass.setActive', data: { classId: 42, classTimeId: 7, courserole: 0 } },
    ]);
    leave();
    vi.advanceTimersByTime(25_000);
    expect(last().sent.at(-1)).toEqual({ cmd: 'ping', data: 10 });
  });

  it('tries again at once, then 10 s apart, and after 5 tries is offline until retry', async () => {
    const client = await newClient();
    client.start();
    last().open();
    last().drop();
    vi.advanceTimersByTime(0);
    expect(FakeSocket.made).toHaveLength(2);
    for (let n = 3; n <= 6; n++) {
      last().drop();
      vi.advanceTimersByTime(9_999);
      expect(FakeSocket.made).toHaveLength(n - 1);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.made).toHaveLength(n);
    }
    last().drop();
    expect(client.state).toBe('offline');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(6);
    client.retry();
    expect(FakeSocket.made).toHaveLength(7);
    last().open();
    expect(client.state).toBe('open');
  });

  it('does not reconnect when closed on purpose or when the login ended', async () => {
    const client = await newClient();
    client.start();
    last().open();
    client.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    client.start();
    last().open();
    last().drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(2);
    expect(client.state).toBe('idle');
  });

  it('waits while the page is hidden and reconnects when it is shown', async () => {
    const client = await newClient();
    client.start();
    last().open();
    setVisibility('hidden');
    last().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    setVisibility('visible');
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('hands each event on once, and after a reconnect asks for what came after the last one it saw', async () => {
    const client = await newClient();
    const heard: unknown[] = [];
    const reconnected = vi.fn();
    client.on('Test.event', (d) => heard.push(d));
    client.on('System.reconnected', reconnected);
    client.start();
    last().open();
    client.openCourse(42);
    last().push({ cmd: 'System.resume', data: { seq: 100 } });
    last().push({ cmd: 'Test.event', data: { n: 1 }, seq: 101 });
    last().push({ cmd: 'Test.event', data: { n: 1 }, seq: 101 });
    last().push({ cmd: 'Test.event', data: { n: 2 }, seq: 103 });
    expect(heard).toEqual([{ n: 1 }, { n: 2 }]);
    last().drop();
    vi.advanceTimersByTime(0);
    last().open();
    expect(last().sent.slice(0, 2)).toEqual([
      { cmd: 'System.resume', data: { since: 103 } },
      { cmd: 'AttendClass.setActive', data: { classId: 42, classTimeId: 0, courserole: 0, since: 103, ack: 1 } },
    ]);
    expect(reconnected).toHaveBeenCalledTimes(1);
    // an error comes to the handler as its message
    const errors: unknown[] = [];
    client.on('User.error', (d) => errors.push(d));
    last().push({ cmd: 'User.error', code: -1, msg: '课程不存在', data: null });
    expect(errors).toEqual([{ error: '课程不存在' }]);
  });

  it('drops what a replay sends again behind its cursor, by id, and hands on an earlier id it never saw', async () => {
    const client = await newClient();
    const heard: number[] = [];
    client.on('Test.event', (d) => heard.push(d.n));
    client.start();
    last().open();
    client.openCourse(42);
    last().push({ cmd: 'System.resume', data: { seq: 100 } });
    // 200 events of the user's room, then 400 of the course's; id 250 is not among them: it commits late, on another instance
    const live = Array.from({ length: 600 }, (_, i) => 101 + i).filter((seq) => seq !== 250);
    for (const seq of live) last().push({ cmd: 'Test.event', data: { n: seq }, seq });
    last().drop();
    vi.advanceTimersByTime(0);
    last().open();
    expect(last().sent[0]).toEqual({ cmd: 'System.resume', data: { since: 700 } });
    // each room's window behind the cursor (its newest 200 events), then what is new
    for (let seq = 101; seq <= 300; seq++) last().push({ cmd: 'Test.event', data: { n: seq }, seq });
    for (let seq = 501; seq <= 700; seq++) last().push({ cmd: 'Test.event', data: { n: seq }, seq });
    last().push({ cmd: 'Test.event', data: { n: 701 }, seq: 701 });
    expect(heard).toEqual([...live, 250, 701]);
    // the cursor is the highest id seen, not the last one heard
    last().drop();
    vi.advanceTimersByTime(0);
    last().open();
    expect(last().sent[0]).toEqual({ cmd: 'System.resume', data: { since: 701 } });
  });

  it('is in a course only once the server says so, and no longer once the socket drops or another course is opened', async () => {
    const client = await newClient();
    const changes = vi.fn();
    client.onState(changes);
    client.openCourse(42, 7);
    client.start();
    expect(client.isJoined(42)).toBe(false); // connecting
    last().open();
    expect(client.isJoined(42)).toBe(false); // open, not yet in the course's rooms
    expect(last().sent[1]).toEqual({
      cmd: 'AttendClass.setActive',
      data: { classId: 42, classTimeId: 7, courserole: 0, ack: 1 },
    });
    last().push({ cmd: 'AttendClass.active', data: { courseid: 9 } }); // another course's answer
    expect(client.isJoined(42)).toBe(false);
    changes.mockClear();
    last().push({ cmd: 'AttendClass.active', data: { courseid: 42 } });
    expect(client.isJoined(42)).toBe(true);
    expect(client.isJoined(9)).toBe(false);
    expect(changes).toHaveBeenCalledTimes(1);
    // a beat keeps it; a drop ends it, and the new socket is in nothing until the server answers again
    vi.advanceTimersByTime(25_000);
    expect(client.isJoined(42)).toBe(true);
    last().drop();
    expect(client.isJoined(42)).toBe(false);
    vi.advanceTimersByTime(0);
    last().open();
    expect(client.isJoined(42)).toBe(false);
    last().push({ cmd: 'AttendClass.active', data: { courseid: 42 } });
    expect(client.isJoined(42)).toBe(true);
    // a page opens another course: out of the first until the server answers for the second
    const leave = client.openCourse(43);
    expect(client.isJoined(42)).toBe(false);
    expect(client.isJoined(43)).toBe(false);
    last().push({ cmd: 'AttendClass.active', data: { courseid: 43 } });
    expect(client.isJoined(43)).toBe(true);
    leave();
    last().push({ cmd: 'AttendClass.active', data: { courseid: 42 } });
    expect(client.isJoined(42)).toBe(true);
  });

  it('stays closed, offline until retry, when a newer socket of the user replaced it (4429); reconnects after falling behind (4413)', async () => {
    const client = await newClient();
    client.start();
    last().open();
    last().drop(4413);
    vi.advanceTimersByTime(0);
    expect(FakeSocket.made).toHaveLength(2);
    last().open();
    last().drop(4429);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(2);
    expect(client.state).toBe('offline');
    client.retry();
    expect(FakeSocket.made).toHaveLength(3);
  });
});
