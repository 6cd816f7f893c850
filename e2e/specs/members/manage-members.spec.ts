import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { card, createCourse, listIds, registerPerson, signIn } from '../courses/helpers';
import { byId, joinedStudent, row } from './helpers';

test.describe('members', () => {
  test('a teacher manages the students, classes and teaching team of a course', async ({ page, request, asTeacher }) => {
    test.setTimeout(180_000);
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, {
      coursename: `数据结构 ${Date.now() % 100000}`,
      classname: '计科 2303 班',
    });

    // no student yet: the teacher is told how students get in
    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('home-members').click();
    await expect(page).toHaveURL(new RegExp(`/member\\?courseId=${course.id}$`));
    await expect(page.getByTestId('page-title')).toHaveText('成员');
    await expect(page.getByTestId('member-empty')).toContainText('还没有学生加入');
    await expect(page.getByTestId('member-empty')).toContainText(course.code);
    await shot(page, 'members-01-empty');

    // four students join (through the API, as on their phones)
    const chen = await joinedStudent(request, '陈一鸣', course.code);
    const lin = await joinedStudent(request, '林晓雨', course.code);
    const wang = await joinedStudent(request, '王子涵', course.code);
    const zhao = await joinedStudent(request, '赵思远', course.code);
    const students = [chen, lin, wang, zhao];

    // the teacher sees each with the student number
    await page.reload();
    await expect(page.getByTestId('member-count')).toHaveText('共 4 名学生');
    await expect(page.getByTestId('member-tab-students')).toHaveText('学生 4');
    for (const s of students) {
      await expect(row(page, 'member-row', s.uid).getByTestId('person-name')).toHaveText(s.name);
      await expect(row(page, 'member-row', s.uid).getByTestId('member-stno')).toHaveText(`学号 ${s.stno}`);
    }
    await expect(page.getByTestId('member-end')).toBeVisible();
    await shot(page, 'members-02-teacher-list');

    // search by name, then by student number
    await page.getByTestId('member-search').fill('林晓');
    await expect(page.getByTestId('member-row')).toHaveCount(1);
    await expect(row(page, 'member-row', lin.uid)).toBeVisible();
    await expect(page.getByTestId('member-count')).toHaveText('共 1 名学生');
    await page.getByTestId('member-search').fill(wang.stno);
    await expect(page.getByTestId('member-row')).toHaveCount(1);
    await expect(row(page, 'member-row', wang.uid)).toBeVisible();
    await shot(page, 'members-03-search-stno');
    await page.getByTestId('member-search').fill('没有这个人');
    await expect(page.getByTestId('member-empty')).toContainText('没有找到相关学生');
    await page.getByTestId('member-search').fill('');
    await expect(page.getByTestId('member-row')).toHaveCount(4);

    // an administrative class: a name is required, then created
    await page.getByTestId('class-manage').click();
    await expect(page.getByTestId('class-popup')).toBeVisible();
    await expect(page.getByTestId('class-empty')).toBeVisible();
    await page.getByTestId('class-create').click();
    await expect(page.getByTestId('class-name-dialog')).toBeVisible();
    await page.getByTestId('class-name-confirm').click();
    await expect(page.getByTestId('class-name-input-error')).toHaveText('请输入班级名称');
    await page.getByTestId('class-name-input').fill('软件 1 班');
    await shot(page, 'members-04-new-class');
    await page.getByTestId('class-name-confirm').click();
    await expect(page.getByTestId('class-name-dialog')).toBeHidden();
    await expect(page.getByTestId('class-row')).toHaveCount(1);
    await expect(page.getByTestId('class-row-name')).toHaveText('软件 1 班');
    await shot(page, 'members-05-classes');
    const [cls] = await api<{ id: number; name: string; count: number }[]>(
      request,
      '/FutureV2/ClassAdministration/lists',
      { courseid: course.id },
      teacherToken,
    );
    expect(cls).toMatchObject({ name: '软件 1 班', count: 0 });
    await page.getByTestId('class-popup-close').click();
    await expect(page.getByTestId('class-popup')).toBeHidden();

    // two students into the class
    await page.getByTestId('member-select').click();
    await row(page, 'member-row', chen.uid).getByTestId('member-check').click();
    await row(page, 'member-row', lin.uid).getByTestId('member-check').click();
    await expect(page.getByTestId('member-selected')).toHaveText('已选 2 人');
    await shot(page, 'members-06-select');
    await page.getByTestId('member-move').click();
    await expect(page.getByTestId('move-class-title')).toHaveText('把选中的 2 名学生移入');
    await shot(page, 'members-07-move-sheet');
    await byId(page, 'move-class-option', cls!.id).click();
    await expect(page.getByText('已将 2 名学生移入「软件 1 班」')).toBeVisible();
    await expect(page.getByTestId('member-select-all')).toHaveCount(0);
    await expect(row(page, 'member-row', chen.uid).getByTestId('member-class')).toHaveText('软件 1 班');
    const inClass = await api<{ total: number; list: { uid: number }[] }>(
      request,
      '/Futurev2/Student/lists',
      { courseid: course.id, classid: cls!.id },
      teacherToken,
    );
    expect(inClass.list.map((s) => s.uid).sort()).toEqual([chen.uid, lin.uid].sort());

    // filtered by the class
    await byId(page, 'class-filter', cls!.id).click();
    await expect(page.getByTestId('member-row')).toHaveCount(2);
    await expect(page.getByTestId('member-count')).toHaveText('共 2 名学生');
    await expect(byId(page, 'class-filter', cls!.id)).toHaveAttribute('aria-pressed', 'true');
    await shot(page, 'members-08-filtered');
    await byId(page, 'class-filter', 0).click();
    await expect(page.getByTestId('member-row')).toHaveCount(2);
    await expect(row(page, 'member-row', wang.uid)).toBeVisible();
    await byId(page, 'class-filter', 'all').click();
    await expect(page.getByTestId('member-row')).toHaveCount(4);

    // one student's details
    await row(page, 'member-row', chen.uid).locator('.person-main').click();
    await expect(page).toHaveURL(new RegExp(`/member/studentInfo/studentInfo\\?courseId=${course.id}&uid=${chen.uid}$`));
    await expect(page.getByTestId('student-info-name')).toHaveText(chen.name);
    await expect(page.getByTestId('student-info-stno')).toHaveText(`学号 ${chen.stno}`);
    await expect(page.getByTestId('student-info-class')).toHaveText('软件 1 班');
    await expect(page.getByTestId('student-info-classno')).toHaveText('2301');
    await shot(page, 'members-09-student-info');
    await page.getByTestId('nav-back').click();
    await expect(page).toHaveURL(new RegExp(`/member\\?courseId=${course.id}$`));

    // remove a student: at least one must be chosen, then a confirmation
    await page.getByTestId('member-remove').click();
    await expect(page).toHaveURL(new RegExp(`/member/remove\\?courseId=${course.id}$`));
    await page.getByTestId('remove-submit').click();
    await expect(page.getByText('请至少选择一项')).toBeVisible();
    await row(page, 'remove-row', zhao.uid).getByTestId('remove-check').click();
    await expect(page.getByTestId('remove-selected')).toHaveText('已选 1 人');
    await page.getByTestId('remove-submit').click();
    await expect(page.getByTestId('remove-ask-dialog')).toContainText(`确定将 ${zhao.name} 移出课程吗`);
    await shot(page, 'members-10-remove-confirm');
    await page.getByTestId('remove-ask-confirm').click();
    await expect(page).toHaveURL(new RegExp(`/member\\?courseId=${course.id}$`));
    await expect(page.getByText('已移出 1 名学生')).toBeVisible();
    await expect(page.getByTestId('member-count')).toHaveText('共 3 名学生');
    await expect(row(page, 'member-row', zhao.uid)).toHaveCount(0);
    expect((await api(request, '/StudentsApi/getStudentCount', { courseid: course.id }, teacherToken)).count).toBe(3);
    expect(await listIds(request, zhao.token, 'study')).not.toContain(course.id);

    // the removed student no longer sees the course
    await signIn(page, request, zhao);
    await page.goto('/ktpCourse');
    await expect(page.getByTestId('course-empty-title')).toHaveText('你还没有加入课程');
    await expect(card(page, course.id)).toHaveCount(0);
    await shot(page, 'members-11-removed-student');

    // the teaching team: the owner alone; a student's phone is not a teacher's account
    const assistant = await registerPerson(request, 1, '周助教');
    await signIn(page, request, teacher);
    await page.goto(`/member?courseId=${course.id}&tab=team`);
    await expect(page.getByTestId('team-row')).toHaveCount(1);
    await expect(page.getByTestId('team-role')).toHaveText('负责人');
    await expect(page.getByTestId('team-no-assistant')).toBeVisible();
    await shot(page, 'members-12-team');
    await page.getByTestId('team-add').click();
    await expect(page).toHaveURL(new RegExp(`/member/newTeam\\?courseId=${course.id}$`));
    await page.getByTestId('assistant-submit').click();
    await expect(page.getByTestId('assistant-account-error')).toHaveText('请输入助教老师的账号、手机号或邮箱');
    await page.getByTestId('assistant-account').fill(lin.mobile);
    await page.getByTestId('assistant-submit').click();
    await expect(page.getByTestId('assistant-error')).toHaveText('没有找到这个老师账号，请核对后再试');
    await shot(page, 'members-13-not-a-teacher');
    await page.getByTestId('assistant-account').fill(assistant.mobile);
    await page.getByTestId('assistant-submit').click();
    await expect(page).toHaveURL(new RegExp(`/member\\?courseId=${course.id}&tab=team$`));
    await expect(page.getByText(`已添加 ${assistant.name} 为助教`)).toBeVisible();
    await expect(page.getByTestId('team-row')).toHaveCount(2);
    await expect(page.getByTestId('team-role').nth(1)).toHaveText('助教');
    await shot(page, 'members-14-team-with-assistant');
    const team = await api<{ uid: number; role: string }[]>(
      request,
      '/AssistantApi/getTeacherTeam',
      { courseid: course.id },
      teacherToken,
    );
    expect(team.map((m) => m.role)).toEqual(['owner', 'assistant']);
    const assistantUid = team[1]!.uid;

    // the assistant sees the course under 我协助的, and manages students but not the team
    await signIn(page, request, assistant);
    await page.goto('/ktpCourse?tab=assist');
    await expect(card(page, course.id)).toBeVisible();
    await expect(card(page, course.id).getByTestId('course-tag-assistant')).toHaveText('助教');
    await shot(page, 'members-15-assistant-sees-course');
    await page.goto(`/member?courseId=${course.id}&tab=team`);
    await expect(page.getByTestId('team-row')).toHaveCount(2);
    await expect(page.getByTestId('team-add')).toHaveCount(0);
    await expect(page.getByTestId('team-remove')).toHaveCount(0);

    // the owner takes the assistant off the team after confirming
    await signIn(page, request, teacher);
    await page.goto(`/member?courseId=${course.id}&tab=team`);
    await row(page, 'team-row', assistantUid).getByTestId('team-remove').click();
    await expect(page.getByTestId('team-remove-ask-dialog')).toContainText(`确定将 ${assistant.name} 移出教学团队吗`);
    await shot(page, 'members-16-remove-assistant-confirm');
    await page.getByTestId('team-remove-ask-confirm').click();
    await expect(page.getByText(`已将 ${assistant.name} 移出教学团队`)).toBeVisible();
    await expect(page.getByTestId('team-row')).toHaveCount(1);
    expect(await listIds(request, assistant.token, 'assist')).not.toContain(course.id);

    // the weekly member-change notice (its journey: member-setting-portal.spec.ts)
    await page.getByTestId('member-setting').click();
    await expect(page).toHaveURL(new RegExp(`/member/memberSetting\\?courseId=${course.id}$`));
    await expect(page.getByTestId('member-setting-notify')).toHaveAttribute('aria-checked', 'true');
    await shot(page, 'members-17-member-setting');
    await page.getByTestId('nav-back').click();

    // a student sees classmates' names only, and no management
    await signIn(page, request, chen);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    await page.getByTestId('home-members').click();
    await expect(page.getByTestId('member-count')).toHaveText('共 3 名学生');
    await expect(row(page, 'member-row', lin.uid).getByTestId('person-name')).toHaveText(lin.name);
    await expect(page.getByTestId('member-stno')).toHaveCount(0);
    await expect(page.getByTestId('member-select')).toHaveCount(0);
    await expect(page.getByTestId('member-remove')).toHaveCount(0);
    await expect(page.getByTestId('class-manage')).toHaveCount(0);
    await expect(page.getByTestId('member-setting')).toHaveCount(0);
    await shot(page, 'members-18-student-view');
    await page.getByTestId('member-tab-team').click();
    await expect(page.getByTestId('team-row')).toHaveCount(1);
    await expect(page.getByTestId('team-add')).toHaveCount(0);
    // a teacher's page is refused
    await page.goto(`/member/remove?courseId=${course.id}`);
    await expect(page.getByTestId('no-permission-text')).toHaveText('您没有权限，请联系课程管理员');
  });
});
