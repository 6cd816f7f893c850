import type { APIRequestContext } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { uploadSmall } from '../materials/helpers';
import { joinedStudent } from '../members/helpers';
import { ownerRows } from './helpers';

/*
 * The grading page steps to the previous and next submission of the list the teacher came from, in
 * that list's order, and asks before a changed, unsaved score is left behind.
 */

/** A homework with `names.length` students in the course; each of the first `submitting` hands in a text file. */
async function homeworkWithWork(request: APIRequestContext, lang: 'zh' | 'en', names: string[], submitting: number) {
  const teacher = await registerPerson(request, 1, lang === 'zh' ? '钱老师' : 'Grace Hopper');
  if (lang === 'en') await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
  const course = await createCourse(request, teacher.token, {
    coursename: lang === 'zh' ? `数据结构 ${Date.now() % 100000}` : 'Data Structures',
  });
  const students = [];
  for (const name of names) students.push(await joinedStudent(request, name, course.code));
  const hw = await api<{ id: number }>(
    request,
    '/HomeworkApi/addHomework',
    {
      courseid: course.id,
      title: lang === 'zh' ? '链表实验报告' : 'Linked list report',
      content: '<p>.</p>',
      fullscore: 100,
      endtime: Math.floor(Date.now() / 1000) + 2 * 86400,
      publish: 1,
    },
    teacher.token,
  );
  for (const s of students.slice(0, submitting)) {
    const file = await uploadSmall(request, s.token, 'report.txt', 'text/plain', Buffer.from(`${s.name} ${Date.now()}`));
    await api(request, '/HomeworkApi/stuWorkSubmit', { courseid: course.id, id: hw.id, fileids: [file.id] }, s.token);
  }
  return { teacher, course, hw, students };
}

test('the grading page steps through the list the teacher came from, and asks before an unsaved score is lost', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { teacher, course, hw } = await homeworkWithWork(request, 'zh', ['赵一', '钱二', '孙三', '李四'], 3);
  // the "submitted" list (filter 2) in the server's order: the three who handed in
  const listed = await ownerRows(request, teacher.token, course.id, hw.id, 2);
  const order = listed.map((r) => r.submission!.sid);
  const names = listed.map((r) => r.name);
  expect(order).toHaveLength(3);

  await signIn(page, request, teacher);
  await page.goto(`/homework/stuUserList?courseId=${course.id}&courseRole=1&id=${hw.id}&filter=2`);
  await expect(page.getByTestId('owner-row')).toHaveCount(3);
  await page.locator(`[data-testid="owner-row"][data-sid="${order[0]}"]`).getByTestId('owner-open').click();
  await expect(page).toHaveURL(new RegExp(`sid=${order[0]}&filter=2$`));
  await expect(page.getByTestId('work-who')).toContainText(names[0]!);
  await expect(page.getByTestId('work-position')).toHaveText('已提交 · 第 1 / 3 份');
  // the first has no previous
  await expect(page.getByTestId('work-prev')).toBeDisabled();
  await expect(page.getByTestId('work-next')).toBeEnabled();
  await shot(page, 'grading-steps-01-first');

  await page.getByTestId('work-next').click();
  await expect(page).toHaveURL(new RegExp(`sid=${order[1]}&filter=2$`));
  await expect(page.getByTestId('work-who')).toContainText(names[1]!);
  await expect(page.getByTestId('work-position')).toHaveText('已提交 · 第 2 / 3 份');
  await expect(page.getByTestId('work-prev')).toBeEnabled();

  // a typed score not saved: leaving it is asked first; staying keeps it
  await page.getByTestId('grade-score').fill('88');
  await page.getByTestId('work-next').click();
  await expect(page.getByTestId('grade-leave-dialog')).toContainText('放弃未保存的评分？');
  await shot(page, 'grading-steps-02-unsaved-ask');
  await page.getByTestId('grade-leave-cancel').click();
  await expect(page).toHaveURL(new RegExp(`sid=${order[1]}&filter=2$`));
  await expect(page.getByTestId('grade-score')).toHaveValue('88');

  // saved, it is left without a question; graded, it has left the "submitted" list, yet the steps keep their order
  await page.getByTestId('grade-save').click();
  await expect(page.getByTestId('work-current-score')).toContainText('88');
  await page.getByTestId('work-next').click();
  await expect(page.getByTestId('grade-leave-dialog')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`sid=${order[2]}&filter=2$`));
  await expect(page.getByTestId('work-who')).toContainText(names[2]!);
  await expect(page.getByTestId('work-position')).toHaveText('已提交 · 第 3 / 3 份');
  // the last has no next
  await expect(page.getByTestId('work-next')).toBeDisabled();
  await shot(page, 'grading-steps-03-last');

  await page.getByTestId('work-prev').click();
  await expect(page).toHaveURL(new RegExp(`sid=${order[1]}&filter=2$`));
  await expect(page.getByTestId('work-current-score')).toContainText('88');
  await expect(page.getByTestId('work-position')).toHaveText('已提交 · 第 2 / 3 份');

  // the page's other ways out ask too while a comment is unsaved
  await page.getByTestId('grade-comment').fill('结构清楚');
  await page.getByTestId('work-history').click();
  await expect(page.getByTestId('grade-leave-dialog')).toBeVisible();
  await page.getByTestId('grade-leave-cancel').click();
  await expect(page).toHaveURL(new RegExp(`sid=${order[1]}&filter=2$`));
  await page.getByTestId('grade-comment').fill('');

  // nothing unsaved: the back arrow returns to the list it came from (stepping replaced the address)
  await page.getByTestId('nav-back').click();
  await expect(page.getByTestId('grade-leave-dialog')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/homework/stuUserList\\?courseId=${course.id}&courseRole=1&id=${hw.id}&filter=2$`));
  await expect(page.getByTestId('owner-row')).toHaveCount(2);
});

test('in English: Previous and Next, and leaving an unsaved comment discards it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { teacher, course, hw } = await homeworkWithWork(request, 'en', ['Ada Byron', 'Alan Turing', 'Edsger Dijkstra'], 2);
  const listed = await ownerRows(request, teacher.token, course.id, hw.id, 0);
  const order = listed.flatMap((r) => (r.submission ? [r.submission.sid] : []));
  expect(order).toHaveLength(2);

  await signIn(page, request, teacher);
  await page.goto(`/homework/stuUserList?courseId=${course.id}&courseRole=1&id=${hw.id}`);
  await expect(page.getByTestId('owner-row')).toHaveCount(3);
  await page.locator(`[data-testid="owner-row"][data-sid="${order[1]}"]`).getByTestId('owner-open').click();
  await expect(page).toHaveURL(new RegExp(`sid=${order[1]}$`));
  await expect(page.getByTestId('work-position')).toHaveText('All · 2 of 2');
  await expect(page.getByTestId('work-next')).toBeDisabled();
  await expect(page.getByTestId('work-prev')).toHaveText(/Previous/);
  await page.getByTestId('grade-comment').fill('Tidy code, but no tests.');
  await shot(page, 'grading-steps-en-01-last');

  await page.getByTestId('work-prev').click();
  await expect(page.getByTestId('grade-leave-dialog')).toContainText('Discard the unsaved grade?');
  await shot(page, 'grading-steps-en-02-unsaved-ask');
  await page.getByTestId('grade-leave-confirm').click();
  await expect(page).toHaveURL(new RegExp(`sid=${order[0]}$`));
  await expect(page.getByTestId('work-position')).toHaveText('All · 1 of 2');
  await expect(page.getByTestId('work-prev')).toBeDisabled();
  await expect(page.getByTestId('grade-comment')).toHaveValue('');
  // nothing was saved for the one left
  const left = (await ownerRows(request, teacher.token, course.id, hw.id, 0)).find((r) => r.submission?.sid === order[1]);
  expect(left?.submission).toMatchObject({ score: null, comment: '' });
  await shot(page, 'grading-steps-en-03-first');
});
