import type { APIRequestContext } from '@playwright/test';
import { api, expect, signInPage, test } from '../../fixtures';
import { shot } from '../accounts/screens';

/*
 * What a class of 60 ran into with tests (issue 25): the settings typed and not saved are kept when
 * the teacher publishes from the settings page; a paper handed in while the network is down goes in
 * by itself when it comes back.
 */

async function draftTest(request: APIRequestContext, token: string, courseid: number, title: string, settings = {}) {
  const q = await api<{ id: number }>(
    request,
    '/QuestionBankApi/addQuestion',
    { courseid, difficulty: 1, score: 2, type: 1, title: '<p>地球绕着太阳转。</p>', answer: '1' },
    token,
  );
  const paper = await api<{ id: number; testpaperid: number }>(
    request,
    '/TestpaperApi/addTestpaper',
    { courseid, title, fixed: [{ id: q.id }], draws: [], showanswer: 1, ...settings },
    token,
  );
  return Number(paper.testpaperid ?? paper.id);
}

test('publishing from the settings page keeps the settings typed and not saved', async ({
  page,
  request,
  asTeacher,
  newCourse,
}) => {
  const teacher = await asTeacher({ name: '钱老师' });
  const course = await newCourse({ teacher, students: ['学生甲'] });
  const id = await draftTest(request, teacher.token, course.id, '第一周小测', { timelimit: 0, releasescore: 1 });
  // a new test counts in the score book from the start: weight 1, as a new homework
  await signInPage(page, teacher.token);
  await page.goto(`/testing/settings?courseId=${course.id}&courseRole=1&id=${id}`);
  await expect(page.getByTestId('settings-timelimit')).toHaveValue('0');
  await expect(page.getByTestId('settings-scorepercent')).toHaveValue('1');
  await page.getByTestId('settings-timelimit').fill('10');
  await page.getByTestId('settings-scorepercent').fill('40');
  await page.getByTestId('settings-releasescore').click();
  await expect(page.getByTestId('settings-releasescore')).not.toHaveClass(/adm-switch-checked/);
  // publishing with the settings not saved says they are saved first
  await page.getByTestId('test-publish').click();
  await expect(page.getByRole('dialog')).toContainText('你改过的设置还没保存，发布前会先保存。');
  await shot(page, 'tests-60-publish-unsaved');
  await page.getByTestId('test-publish-confirm').click();
  await expect(page.getByTestId('test-counts')).toBeVisible();
  // after a reload the settings are the ones typed
  await page.reload();
  await expect(page.getByTestId('test-counts')).toBeVisible();
  await expect(page.getByTestId('settings-timelimit')).toHaveValue('10');
  await expect(page.getByTestId('settings-releasescore')).not.toHaveClass(/adm-switch-checked/);
  const read = await api<{ settings: { timelimit: number; releasescore: number } }>(
    request,
    '/TestpaperApi/testpaperdetails',
    { courseid: course.id, testpaperid: id },
    teacher.token,
  );
  expect(read.settings.timelimit).toBe(10);
  expect(read.settings.releasescore).toBe(0);

  // the catalogue opens the test's page (issue 25: it said "this kind of content has no page yet")
  await page.goto(`/folders?courseId=${course.id}&courseRole=1`);
  await page.locator(`[data-testid="content-row"][data-id="${id}"] .content-main`).click();
  await expect(page).toHaveURL(new RegExp(`/testing/settings\\?courseId=${course.id}&courseRole=1&id=${id}$`));
  await expect(page.getByTestId('test-title')).toHaveText('第一周小测');

  // the score book: labelled an online test, at the weight set on it
  await page.goto(`/score?courseId=${course.id}&courseRole=1`);
  const column = page.locator(`[data-testid="score-column"][data-key="${id}"]`);
  await expect(column.getByTestId('score-column-kind')).toHaveText('线上测试');
  await expect(column.getByTestId('score-column-weight')).toHaveText('满分 2 · 权重 40（占 100%）');
  await shot(page, 'tests-60-score-book');
});

test('a paper handed in while offline goes in by itself when the network is back', async ({
  page,
  request,
  asTeacher,
  newCourse,
}) => {
  const teacher = await asTeacher({ name: '孙老师' });
  const course = await newCourse({ teacher, students: ['学生乙'] });
  const [student] = course.students;
  const id = await draftTest(request, teacher.token, course.id, '断网交卷', { timelimit: 30 });
  await api(request, '/TestpaperApi/publishTestpaper', { courseid: course.id, id }, teacher.token);
  await signInPage(page, student!.token);
  await page.goto(`/testing/stu/detail?courseId=${course.id}&courseRole=0`);
  await page.locator(`[data-testid="test-row"][data-id="${id}"]`).click();
  await page.getByTestId('test-start').click();
  await page.getByTestId('start-confirm-confirm').click();
  await expect(page.getByTestId('question')).toHaveCount(1);
  await page.getByTestId('question').first().getByTestId('tf-1').click();
  await page.context().setOffline(true);
  await expect(page.getByTestId('offline-bar')).toBeVisible();
  await page.getByTestId('handin').click();
  await page.getByTestId('handin-confirm-confirm').click();
  // no "failed, try again": the page says it will hand in by itself
  await expect(page.getByTestId('handin-queued')).toBeVisible();
  await shot(page, 'tests-60-handin-queued');
  await page.context().setOffline(false);
  await expect(page).toHaveURL(/\/testing\/submitresult\?/, { timeout: 20_000 });
  await expect(page.getByTestId('submit-done')).toBeVisible();
});
