import WebSocket from 'ws';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { switchableSocket } from '../attendance/helpers';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';

/**
 * Issue 27, nothing lost: a message written while the phone's network is gone is marked failed after
 * 10 s with a tap to re-send, and the tap sends it once the network is back, to arrive once; a long
 * conversation's history pages 50 at a time as it is scrolled.
 */

interface History {
  total: number;
  list: { msgcontent?: string; msgContent?: string; content?: string }[];
}

/** A person's chat socket from Node, as a third-party client would open it: IM token, login, then sends. */
async function chatClient(baseURL: string, request: Parameters<typeof api>[0], token: string) {
  const im = await api<{ token: string; path: string }>(request, '/userApi/getIMToken', {}, token);
  const ws = new WebSocket(`${baseURL.replace(/^http/, 'ws')}${im.path}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const waiting = new Map<string, (frame: { returnCode: number; returnMsg: string }) => void>();
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data));
    waiting.get(frame.uniqueCode)?.(frame);
  });
  let n = 0;
  const send = (requestType: string, payload: unknown) => {
    const uniqueCode = `e2e-${Date.now()}-${n++}`;
    return new Promise<{ returnCode: number; returnMsg: string }>((resolve) => {
      waiting.set(uniqueCode, resolve);
      ws.send(JSON.stringify({ requestType, uniqueCode, payload }));
    });
  };
  const login = await send('login', { token: im.token });
  if (login.returnCode !== 200 && login.returnCode !== 0) throw new Error(`chat login refused: ${JSON.stringify(login)}`);
  return { send, close: () => ws.close() };
}

test('a message sent with the network gone fails after 10 s, and a tap re-sends it once the network is back (zh)', async ({
  page,
  request,
  newPhone,
}) => {
  test.setTimeout(150_000);
  const teacher = await registerPerson(request, 1, '孙老师');
  const course = await createCourse(request, teacher.token, { coursename: '编译原理' });
  const student = await joinedStudent(request, '赵同学', course.code);
  const opened = await api<{ groupId: number }>(
    request,
    '/LetterApi/open',
    { friendid: student.uid, courseid: course.id },
    teacher.token,
  );

  const network = await switchableSocket(page, /\/ws\/chat$/);
  await signIn(page, request, teacher);
  await page.goto(`/chat?groupId=${opened.groupId}&friendid=${student.uid}`);
  await expect(page.getByTestId('chat-no-messages')).toBeVisible();
  // the socket is up: a first message goes through
  const input = page.getByTestId('chat-input').locator('textarea:not([readonly])');
  await input.fill('第一条消息');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message').filter({ hasText: '第一条消息' })).toHaveAttribute('data-status', '2');

  // the network goes: the message stays "sending", then is failed with a tap to re-send
  await network.down();
  await input.fill('断网时写的消息');
  await page.getByTestId('chat-send').click();
  const offline = page.getByTestId('chat-message').filter({ hasText: '断网时写的消息' });
  await expect(offline).toHaveAttribute('data-status', '1');
  await expect(offline.getByTestId('chat-status-sending')).toBeVisible();
  await expect(offline).toHaveAttribute('data-status', '3', { timeout: 30_000 });
  await expect(offline.getByTestId('chat-resend')).toBeVisible();
  await shot(page, 'chat-offline-zh-01-failed');

  // back: the tap sends it, and the student has it once
  network.up();
  await offline.getByTestId('chat-resend').click();
  await expect(offline).toHaveAttribute('data-status', '2', { timeout: 30_000 });
  await shot(page, 'chat-offline-zh-02-resent');
  const phone = await newPhone();
  await signIn(phone, request, student);
  await phone.goto(`/chat?groupId=${opened.groupId}&friendid=${teacher.uid}`);
  await expect(phone.getByTestId('chat-message').filter({ hasText: '断网时写的消息' })).toHaveCount(1);
  await expect(phone.getByTestId('chat-message')).toHaveCount(2);
  const history = await api<History>(request, '/LetterApi/history', { groupid: opened.groupId, page: 1 }, student.token);
  expect(history.total).toBe(2);
});

test('a conversation of 60 messages: the history shows the newest 50, and scrolling loads the 10 before (en)', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const teacher = await registerPerson(request, 1, 'Grace Hopper');
  const course = await createCourse(request, teacher.token, { coursename: 'Compilers' });
  const student = await joinedStudent(request, 'Ada Byron', course.code);
  for (const who of [teacher, student]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, who.token);
  const opened = await api<{ groupId: number }>(
    request,
    '/LetterApi/open',
    { friendid: student.uid, courseid: course.id },
    teacher.token,
  );
  // sixty messages, one after another, from the two of them in turn
  const clients = [await chatClient(baseURL!, request, teacher.token), await chatClient(baseURL!, request, student.token)];
  for (let i = 1; i <= 60; i++) {
    const answer = await clients[i % 2]!.send('pushMessage', { groupid: opened.groupId, msgType: 0, msgContent: `Message ${i}` });
    expect(answer.returnCode, answer.returnMsg).not.toBeGreaterThanOrEqual(400);
  }
  for (const c of clients) c.close();

  await signIn(page, request, teacher);
  await page.goto(`/ChatHistory?friendid=${student.uid}`);
  const items = page.getByTestId('chat-history-item');
  // newest first, 50 a page
  await expect(items.first()).toContainText('Message 60');
  await expect(items).toHaveCount(50);
  await expect(items.last()).toContainText('Message 11');
  await shot(page, 'chat-history-en-01-first-page');
  // scrolling to the foot asks for the next page: the first ten, and nothing after them
  await items.last().scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(60);
  await expect(items.last()).toContainText('Message 1');
  await items.last().scrollIntoViewIfNeeded();
  await expect(page.getByTestId('chat-history-end')).toHaveText('No earlier messages');
  await shot(page, 'chat-history-en-02-all');
});
