import type { APIRequestContext } from '@playwright/test';
import { api, expect, test, toast } from '../../fixtures';
import { shot } from '../accounts/screens';

/*
 * /testing/batch (issue 14): the teacher chooses two draft tests and publishes them at once, gives
 * them the same number of attempts, and ends them; a choice the action does not fit leaves its button
 * off.
 */

const WORDS = {
  zh: { published: '已发布 2 个测试', set: '已设置 2 个测试', ended: '已结束 2 个测试', chosen: '已选 2 个测试' },
  en: { published: 'Tests published: 2', set: 'Tests set: 2', ended: 'Tests ended: 2', chosen: 'Tests chosen: 2' },
};

async function draft(request: APIRequestContext, courseid: number, token: string, title: string) {
  const q = await api<{ id: number }>(
    request,
    '/QuestionBankApi/addQuestion',
    { courseid, type: 1, title: `${title}：地球是圆的`, answer: '1', score: 2 },
    token,
  );
  return (await api<{ id: number }>(request, '/TestpaperApi/addTestpaper', { courseid, title, fixed: [q.id], draws: [] }, token))
    .id;
}

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: two drafts published, set alike and ended in one go`, async ({ page, request, asTeacher, newCourse }) => {
    test.setTimeout(120_000);
    const w = WORDS[lang];
    const teacher = await asTeacher({ name: '严老师', lang });
    const course = await newCourse({ teacher, students: 1 });
    const ids = [
      await draft(request, course.id, teacher.token, '第一周'),
      await draft(request, course.id, teacher.token, '第二周'),
    ];

    await page.goto(`/testing/detail?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('tests-batch').click();
    const row = (id: number) => page.locator(`[data-testid="batch-row"][data-id="${id}"]`);
    for (const id of ids) await row(id).getByTestId('batch-check').click();
    await expect(page.getByTestId('batch-chosen')).toHaveText(w.chosen);
    await expect(page.getByTestId('batch-end')).toBeDisabled();
    await shot(page, `tests-batch-${lang}-01-chosen`);
    await page.getByTestId('batch-publish').click();
    await page.getByTestId('batch-publish-confirm').click();
    await expect(toast(page, w.published)).toBeVisible();
    for (const id of ids) await expect(row(id).getByTestId('batch-row-state')).toHaveAttribute('data-state', 'inProgress');

    // the same attempts for both
    for (const id of ids) await row(id).getByTestId('batch-check').click();
    await expect(page.getByTestId('batch-publish')).toBeDisabled();
    await page.getByTestId('batch-settings').click();
    const attempts = page.getByTestId('batch-attempts');
    await attempts.locator('.adm-stepper-plus').click();
    await attempts.locator('.adm-stepper-plus').click();
    await shot(page, `tests-batch-${lang}-02-settings`);
    await page.getByTestId('batch-apply').click();
    await page.getByTestId('batch-settings-confirm').click();
    await expect(toast(page, w.set)).toBeVisible();
    for (const id of ids) {
      const detail = await api<{ settings: { attempts: number } }>(
        request,
        '/TestpaperApi/testpaperdetails',
        { courseid: course.id, testpaperid: id },
        teacher.token,
      );
      expect(detail.settings.attempts).toBe(3);
    }

    // and both ended
    for (const id of ids) await row(id).getByTestId('batch-check').click();
    await page.getByTestId('batch-end').click();
    await page.getByTestId('batch-end-confirm').click();
    await expect(toast(page, w.ended)).toBeVisible();
    for (const id of ids) await expect(row(id).getByTestId('batch-row-state')).toHaveAttribute('data-state', 'ended');
    await shot(page, `tests-batch-${lang}-03-ended`);
  });
}
