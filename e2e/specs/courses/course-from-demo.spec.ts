import type { APIRequestContext } from '@playwright/test';
import { api, expect, seeded, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { registerPerson, signIn, thisAcademicYear, thisTerm } from './helpers';

/*
 * Courses from a demo course (spec 1 §6 "Teacher: creates from demo, specific users only"). The demo
 * course, of its own author, and the institutions the teachers certify with are loaded before the
 * server starts, as the operator commands would (apps/server/test/e2e-seed.ts); the teachers are
 * fresh, so that the demo school's accounts stay as other journeys expect them.
 */

interface CatalogueItem {
  id: number;
  title: string;
  contenttype: number;
  publishState: number;
  link: string;
  directory: { id: number; title: string } | null;
}

/** The demo course: a directory with a link in it, a notice and an introduction. */
function demoCourse() {
  return { course: seeded().demoCourse };
}

/** Certifies a teacher with the institution seeded for this journey (its roster lists the teacher), by its activation code. */
async function certify(request: APIRequestContext, teacher: { name: string; token: string }, slot: 'demo-zh' | 'demo-en') {
  const school = seeded().institutions[slot]!;
  await api(
    request,
    '/AttestApi/attest',
    { jigouid: school.jigouid, realname: teacher.name, realstno: 'T9001', code: school.codes.T9001 },
    teacher.token,
  );
  return school;
}

test('an uncertified teacher is told why; once certified, creates a course from a demo with its catalogue as drafts', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // certification, the form and a copied catalogue: over a minute on a busy machine
  const { course: demo } = demoCourse();
  const teacher = await registerPerson(request, 1, '林老师');
  const newName = `大学物理（${Date.now() % 100000} 秋）`;
  const year = thisAcademicYear();

  // not certified: /newCourse has no way to a demo
  await signIn(page, request, teacher);
  const listed = page.waitForResponse((r) => r.url().endsWith('/CourseApi/demoCourseList'));
  await page.goto('/newCourse');
  expect((await (await listed).json()).data.allowed).toBe(0);
  await expect(page.getByTestId('course-name')).toBeVisible();
  await expect(page.getByTestId('course-from-demo')).toHaveCount(0);

  // the page itself explains, and shows the demos read-only
  await page.goto('/createCourseFromDemo');
  await expect(page.getByTestId('page-title')).toHaveText('从示范课程创建');
  await expect(page.getByTestId('demo-locked-title')).toHaveText('从示范课程创建仅向已完成机构认证的老师开放');
  const locked = page.locator(`[data-testid="demo-card"][data-demo-id="${demo.id}"]`);
  await expect(locked.getByTestId('demo-card-name')).toHaveText(demo.coursename);
  await expect(locked.getByTestId('demo-card-class')).toHaveText('物理示范班');
  await expect(locked.getByTestId('demo-card-author')).toHaveText('作者：周老师');
  await expect(locked.getByTestId('demo-card-term')).toHaveText(`${year} 第一学期`);
  await expect(locked.getByTestId('demo-card-items')).toHaveText('共 2 项内容');
  await expect(locked.getByTestId('demo-card-intro')).toContainText('本课程讲授经典力学');
  await expect(locked).toHaveAttribute('aria-disabled', 'true');
  await locked.click();
  await expect(page).toHaveURL(/\/createCourseFromDemo$/);
  await shot(page, 'courses-demo-01-not-certified');
  // an address straight to the form still shows the explanation
  await page.goto(`/createCourseFromDemo?demoid=${demo.id}`);
  await expect(page.getByTestId('demo-locked')).toBeVisible();
  await expect(page.getByTestId('course-submit')).toHaveCount(0);
  await page.getByTestId('demo-certify').click();
  await expect(page).toHaveURL(/\/myAllSetting\?detail=myMechanism$/);

  // certified: /newCourse offers the demos
  await certify(request, teacher, 'demo-zh');
  await page.goto('/newCourse');
  await expect(page.getByTestId('course-from-demo')).toContainText('从示范课程创建');
  await shot(page, 'courses-demo-02-entry');
  await page.getByTestId('course-from-demo').click();
  await expect(page).toHaveURL(/\/createCourseFromDemo$/);
  await expect(page.getByTestId('demo-locked')).toHaveCount(0);
  const open = page.locator(`[data-testid="demo-card"][data-demo-id="${demo.id}"]`);
  await expect(open).toContainText('使用此课程');
  await open.scrollIntoViewIfNeeded();
  await shot(page, 'courses-demo-03-list');

  // the form: the demo's name and class, the year and term to choose
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/createCourseFromDemo\\?demoid=${demo.id}$`));
  await expect(page.getByTestId('demo-source-name')).toHaveText(demo.coursename);
  await expect(page.getByTestId('demo-summary')).toHaveText('将复制 2 项资料、话题和公告（草稿）');
  await expect(page.getByTestId('course-name')).toHaveValue(demo.coursename);
  await expect(page.getByTestId('course-class')).toHaveValue('物理示范班');
  await shot(page, 'courses-demo-04-form');

  // the year and term start on the current ones, as on /newCourse (not the demo's, not empty)
  await expect(page.getByTestId('course-semester')).toHaveText(thisAcademicYear());
  await expect(page.getByTestId('course-term')).toHaveText(thisTerm() === 1 ? '第一学期' : '第二学期');

  // leaving with a changed name asks first; staying keeps it
  await page.getByTestId('course-name').fill(newName);
  await page.getByTestId('nav-back').click();
  await expect(page.getByTestId('leave-ask-dialog')).toContainText('放弃未保存的内容？');
  await page.getByTestId('leave-ask-cancel').click();
  await expect(page.getByTestId('course-name')).toHaveValue(newName);

  await page.getByTestId('course-semester').click();
  await page.getByTestId(`course-semester-option-${year}`).click();
  await page.getByTestId('course-term').click();
  await page.getByTestId('course-term-option-2').click();
  await shot(page, 'courses-demo-05-form-filled');
  // the toast lasts two seconds: watched for from the press, as a busy machine may take longer to open the course
  const told = page.getByText('课程已创建，已复制 2 项（草稿）').waitFor({ state: 'visible', timeout: 30_000 });
  await page.getByTestId('course-submit').click();

  // the new course's home, as its owner
  await expect(page).toHaveURL(/\/courseHome\?courseId=\d+&courseRole=1$/);
  const courseId = Number(new URL(page.url()).searchParams.get('courseId'));
  await told;
  await expect(page.getByTestId('course-home-name')).toHaveText(newName);
  await expect(page.getByTestId('course-home-role')).toHaveText('负责人');
  await shot(page, 'courses-demo-06-course-home', { keepToasts: true });

  // the course is the teacher's, with the demo's class, and the chosen year and term
  // the list sends id and term as strings, as Ketangpai does (issue 10)
  const mine = await api<{ id: string; coursename: string; classname: string; semester: string; term: string }[]>(
    request,
    '/CourseApi/semesterCourseList',
    { isstudy: 0 },
    teacher.token,
  );
  expect(mine.find((c) => Number(c.id) === courseId)).toMatchObject({
    coursename: newName,
    classname: '物理示范班',
    semester: year,
    term: '2',
  });
  // its catalogue: the link (in its directory) and the notice, as unpublished drafts
  const catalogue = await api<{ list: CatalogueItem[]; total: number }>(
    request,
    '/FutureV2/CourseMeans/getCourseContent',
    { courseid: courseId, courserole: 1, contenttype: 0 },
    teacher.token,
  );
  expect(catalogue.total).toBe(2);
  const byTitle = new Map(catalogue.list.map((i) => [i.title, i]));
  expect(byTitle.get('参考网站：力学演示')).toMatchObject({
    contenttype: 10,
    publishState: 0,
    link: 'https://example.edu.cn/x',
    directory: { title: '第一章 力学' },
  });
  expect(byTitle.get('开课通知')).toMatchObject({ contenttype: 7, publishState: 0 });

  // the course home's back arrow goes to the course list, not back to the spent form
  await page.getByTestId('nav-back').click();
  await expect(page).toHaveURL(/\/ktpCourse$/);
});

test('in English: the demo list and the form', async ({ page, request }) => {
  const { course: demo } = demoCourse();
  const teacher = await registerPerson(request, 1, 'Grace Hopper');
  await certify(request, teacher, 'demo-en');
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
  await signIn(page, request, teacher);

  await page.goto('/createCourseFromDemo');
  await expect(page.getByTestId('page-title')).toHaveText('Create from a demo course');
  const open = page.locator(`[data-testid="demo-card"][data-demo-id="${demo.id}"]`);
  await expect(open.getByTestId('demo-card-author')).toHaveText('By 周老师');
  await expect(open.getByTestId('demo-card-term')).toHaveText(`${thisAcademicYear()} First term`);
  await expect(open.getByTestId('demo-card-items')).toHaveText('Items: 2');
  await expect(open).toContainText('Use this course');
  await open.scrollIntoViewIfNeeded();
  await shot(page, 'courses-demo-07-list-en');
  await open.click();
  await expect(page.getByTestId('demo-summary')).toHaveText('2 item(s) (materials, topics, notices) will be copied as drafts');
  await page.getByTestId('course-name').fill('');
  await page.getByTestId('course-submit').click();
  await expect(page.getByTestId('course-name-error')).toHaveText('Enter the course name');
  await shot(page, 'courses-demo-08-form-en');
});

test('a student is not offered the demos', async ({ page, asStudent }) => {
  await asStudent();
  await page.goto('/createCourseFromDemo');
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await expect(page.getByTestId('no-permission-text')).toHaveText('只有老师可以创建课程；学生可以通过加课码加入课程。');
  await expect(page.getByTestId('demo-card')).toHaveCount(0);
});
