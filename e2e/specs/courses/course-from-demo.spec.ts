import type { APIRequestContext } from '@playwright/test';
import { api, DEMO, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn, thisAcademicYear } from './helpers';

/*
 * Courses from a demo course (spec 1 §6 "Teacher: creates from demo, specific users only"). A fresh
 * teacher's course is marked a demo through the development endpoint; the teacher who uses it is
 * fresh too and is certified with an institution this journey imports, so that the demo school's
 * accounts stay as other journeys expect them.
 */

interface CatalogueItem {
  id: number;
  title: string;
  contenttype: number;
  publishState: number;
  link: string;
  directory: { id: number; title: string } | null;
}

/** A demo course: a directory with a link in it, a notice and an introduction. */
async function demoCourse(request: APIRequestContext) {
  const author = await registerPerson(request, 1, '周老师');
  const suffix = Date.now() % 100000;
  const course = await createCourse(request, author.token, {
    coursename: `示范：大学物理 ${suffix}`,
    classname: '物理示范班',
    term: 1,
  });
  const dir = await api<{ id: number }>(
    request,
    '/CourseApi/addDirectory',
    { courseid: course.id, title: '第一章 力学' },
    author.token,
  );
  const add = (body: Record<string, unknown>) =>
    api<{ id: number }>(request, '/FutureV2/CourseMeans/addContent', { courseid: course.id, publish: 1, ...body }, author.token);
  await add({ contenttype: 10, title: '参考网站：力学演示', link: 'https://example.edu.cn/x', dirid: dir.id });
  await add({ contenttype: 7, title: '开课通知', content: '<p>欢迎选修大学物理，第一周请预习第一章。</p>' });
  await api(
    request,
    '/CourseApi/saveCourseIntro',
    {
      courseid: course.id,
      describes:
        '本课程讲授经典力学、热学与电磁学的基本概念和方法，配有演示实验视频、课堂讨论话题和每周作业，适合理工科一年级学生。',
    },
    author.token,
  );
  await api(request, '/DevApi/setDemoCourse', { courseid: course.id, demo: 1 });
  return { author, course };
}

/** Certifies a teacher with an institution imported for this journey (its roster lists the teacher). */
async function certify(request: APIRequestContext, teacher: { name: string; token: string }) {
  const school = await api<{ jigouid: number; jigou: string }>(request, '/DevApi/importInstitution', {
    name: `演示学院${Date.now()}`,
    requireAttest: false,
    people: [{ usertype: 1, realname: teacher.name, realstno: 'T9001' }],
    classes: [],
  });
  await api(request, '/AttestApi/attest', { jigouid: school.jigouid, realname: teacher.name, realstno: 'T9001' }, teacher.token);
  return school;
}

test('an uncertified teacher is told why; once certified, creates a course from a demo with its catalogue as drafts', async ({
  page,
  request,
}) => {
  const { course: demo } = await demoCourse(request);
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
  await certify(request, teacher);
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

  // the year is asked for, and nothing is created
  await page.getByTestId('course-submit').click();
  await expect(page.getByTestId('course-semester-error')).toHaveText('请选择学年');
  await expect(page.getByTestId('course-term-error')).toHaveCount(0);
  await expect(page).toHaveURL(/demoid=/);

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
  await page.getByTestId('course-submit').click();

  // the new course's home, as its owner
  await expect(page).toHaveURL(/\/courseHome\?courseId=\d+&courseRole=1$/);
  const courseId = Number(new URL(page.url()).searchParams.get('courseId'));
  await expect(page.getByText('课程已创建，已复制 2 项（草稿）')).toBeVisible();
  await expect(page.getByTestId('course-home-name')).toHaveText(newName);
  await expect(page.getByTestId('course-home-role')).toHaveText('负责人');
  await shot(page, 'courses-demo-06-course-home', { keepToasts: true });

  // the course is the teacher's, with the demo's class, and the chosen year and term
  const mine = await api<{ id: string; coursename: string; classname: string; semester: string; term: number | string }[]>(
    request,
    '/CourseApi/semesterCourseList',
    { isstudy: 0 },
    teacher.token,
  );
  // the list answers ids and terms as Ketangpai does (strings for the id, either for the term)
  const created = mine.find((c) => Number(c.id) === courseId);
  expect(created).toMatchObject({ coursename: newName, classname: '物理示范班', semester: year });
  expect(Number(created?.term)).toBe(2);
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
  const { course: demo } = await demoCourse(request);
  const teacher = await registerPerson(request, 1, 'Grace Hopper');
  await certify(request, teacher);
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

test('a student is not offered the demos', async ({ page, request }) => {
  await signIn(page, request, { mobile: DEMO.student1.mobile, password: DEMO.student1.password, name: DEMO.student1.name });
  await page.goto('/createCourseFromDemo');
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await expect(page.getByTestId('no-permission-text')).toHaveText('只有老师可以创建课程；学生可以通过加课码加入课程。');
  await expect(page.getByTestId('demo-card')).toHaveCount(0);
});
