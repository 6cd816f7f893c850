import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { courseHomeAtRest, createCourse, registerPerson, signIn } from '../courses/helpers';
import { joinedStudent, row } from './helpers';

test('in English: members, teaching team, a grouping, course areas and the introduction', async ({ page, request }) => {
  test.setTimeout(120_000);
  const teacher = await registerPerson(request, 1, 'Grace Hopper');
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
  const course = await createCourse(request, teacher.token, { coursename: 'Compilers', classname: 'CS 2302' });
  const ada = await joinedStudent(request, 'Ada Byron', course.code);
  const alan = await joinedStudent(request, 'Alan Turing', course.code);

  await signIn(page, request, teacher);
  await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
  await expect(page.getByTestId('home-members')).toContainText('Members');
  await courseHomeAtRest(page, { inClass: false });
  await expect(page.getByTestId('class-time-bar')).toHaveAttribute('data-state', 'off');
  await page.getByTestId('home-members').click();
  await expect(page.getByTestId('page-title')).toHaveText('Members');
  await expect(page.getByTestId('member-tab-students')).toHaveText('Students 2');
  await expect(page.getByTestId('member-count')).toHaveText('2 students');
  await expect(row(page, 'member-row', ada.uid).getByTestId('member-stno')).toHaveText(`No. ${ada.stno}`);
  await expect(row(page, 'member-row', alan.uid)).toBeVisible();
  await shot(page, 'members-en-01-students');

  await page.getByTestId('member-tab-team').click();
  await expect(page.getByTestId('team-role')).toHaveText('Owner');
  await expect(page.getByTestId('team-add')).toContainText('Add assistant');
  await shot(page, 'members-en-02-team');

  await page.getByTestId('member-tab-groups').click();
  await page.getByTestId('grouping-create').click();
  await page.getByTestId('grouping-title-input').fill('Project teams');
  await page.getByTestId('grouping-type-1').click();
  await page.getByTestId('grouping-membercap').fill('3');
  await expect(page.getByTestId('grouping-allowcreate')).toHaveCount(0);
  await shot(page, 'members-en-03-grouping-form');
  await page.getByTestId('grouping-save').click();
  await expect(page.getByTestId('grouping-kind')).toHaveText('Fixed');
  await expect(page.getByTestId('grouping-rules')).toHaveText('At most 3 per group · Any number of groups · Teacher assigns');
  await shot(page, 'members-en-04-grouping');

  await page.goto(`/AllReachingActivityModules?courseId=${course.id}`);
  await expect(page.getByTestId('page-title')).toHaveText('Course areas');
  await page.locator('[data-testid="module-row"][data-key="catalogue"]').getByTestId('module-name').fill('Syllabus and plan');
  await expect(page.locator('[data-testid="module-row"][data-key="catalogue"]').getByTestId('module-name-error')).toHaveText(
    'The module name can be at most 8 characters',
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'members-en-05-modules');

  await page.goto(`/courseIntro?courseId=${course.id}`);
  await expect(page.getByTestId('intro-empty')).toContainText('No introduction yet');
  await page.getByTestId('intro-edit').click();
  await page.getByTestId('intro-input').fill('Lexing, parsing and code generation.\nOne lab a week.');
  await page.getByTestId('intro-save').click();
  await expect(page.getByTestId('intro-text')).toHaveText('Lexing, parsing and code generation.\nOne lab a week.', {
    useInnerText: true,
  });
  await shot(page, 'members-en-06-intro');
});
