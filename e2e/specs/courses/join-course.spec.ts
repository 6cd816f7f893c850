import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { card, completeProfile, createCourse, listIds, refusal, registerPerson, signIn, typeJoinCode } from './helpers';

test.describe('joining a course', () => {
  test('a student joins by typing the code; a wrong code shows the failure screen', async ({ page, request, asTeacher }) => {
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, {
      coursename: `大学物理 ${Date.now() % 100000}`,
      classname: '物理 2401 班',
    });
    const student = await registerPerson(request, 0, '周同学');

    await signIn(page, request, student);
    await page.goto('/ktpCourse');
    // a student has no tabs, only the courses they learn: none yet
    await expect(page.getByTestId('course-tab-teach')).toHaveCount(0);
    await expect(page.getByTestId('course-create')).toHaveCount(0);
    await expect(page.getByTestId('course-empty-title')).toHaveText('你还没有加入课程');
    await shot(page, 'course-join-01-student-empty');

    // a code that belongs to no course
    await page.getByTestId('course-join').click();
    await expect(page).toHaveURL(/\/joinCourse$/);
    await expect(page.getByTestId('join-submit')).toBeDisabled();
    const wrong = course.code === '000000' ? '000001' : '000000';
    await typeJoinCode(page, wrong);
    await page.getByTestId('join-submit').click();
    await expect(page.getByTestId('join-fail')).toBeVisible();
    await expect(page.getByTestId('join-fail-message')).toHaveText('加课码不存在，请核对后再试');
    await shot(page, 'course-join-02-wrong-code');

    // the right code, typed on the keypad
    await page.getByTestId('join-fail-retry').click();
    await typeJoinCode(page, course.code);
    await expect(page.getByTestId('join-submit')).toBeEnabled();
    await shot(page, 'course-join-03-code-typed');
    // the toast lasts two seconds: watched for from the press, as a busy machine may take longer to open the course
    const told = page.getByText('加入课程成功').waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByTestId('join-submit').click();
    await expect(page).toHaveURL(new RegExp(`/courseHome\\?courseId=${course.id}&courseRole=0$`));
    await told;

    // first entry: class number, grade and enrolment month are asked for (spec 1 §6)
    await expect(page.getByTestId('profile-completion')).toBeVisible();
    await page.getByTestId('profile-submit').click();
    await expect(page.getByTestId('profile-classno-error')).toHaveText('请输入班级号');
    await expect(page.getByTestId('profile-grade-error')).toHaveText('请选择年级（1-6）');
    await expect(page.getByTestId('profile-enrolltime-error')).toHaveText('请选择入学时间（不早于 1990-01）');
    await page.getByTestId('profile-classno').fill('2401');
    await page.getByTestId('profile-grade').click();
    await page.getByTestId('profile-grade-option-1').click();
    await page.getByTestId('profile-enrolltime').click();
    await page.locator('.adm-picker-header-button', { hasText: '确定' }).click();
    const month = `${new Date().getFullYear()}-${String(new Date().getMonth() + 1).padStart(2, '0')}`;
    await expect(page.getByTestId('profile-enrolltime')).toHaveText(month);
    await shot(page, 'course-join-04-profile');
    await page.getByTestId('profile-submit').click();
    await expect(page.getByTestId('course-home-name')).toHaveText(course.coursename);
    expect(await api(request, '/UserApi/getUserInfoInCourse', { courseid: course.id }, student.token)).toMatchObject({
      checkstate: 0,
      setting: { classno: '2401', grade: '1', enrolltime: month },
    });
    await expect(page.getByTestId('course-home-role')).toHaveText('学生');
    // a student sees no join code and no management
    await expect(page.getByTestId('course-home-code')).toHaveCount(0);
    await expect(page.getByTestId('course-home-manage')).toHaveCount(0);
    await expect(page.getByTestId('home-quit')).toBeVisible();
    await shot(page, 'course-join-05-student-course-home');

    // the server agrees: a student of the course, counted on the teacher's card
    const info = await api(request, '/CourseApi/getCourseInfo', { courseid: course.id }, student.token);
    expect(info).toMatchObject({ memberRole: 'student', courseRole: 0, code: '' });
    expect(await listIds(request, student.token, 'study')).toContain(course.id);
    expect((await api(request, '/CourseApi/getCourseInfo', { courseid: course.id }, teacherToken)).total).toBe(1);

    // in the list, under 我学的 (the only list a student has)
    await page.getByTestId('nav-back').click();
    await expect(page).toHaveURL(/\/ktpCourse$/);
    await expect(card(page, course.id)).toBeVisible();
    await expect(card(page, course.id).getByTestId('course-card-code')).toHaveCount(0);
    await shot(page, 'course-join-06-student-list');

    // the enrolment settings are not a student's: the page says so (the server would refuse too)
    await page.goto(`/seniorSetting?courseId=${course.id}`);
    await expect(page.getByTestId('no-permission-text')).toHaveText('您没有权限，请联系课程管理员');
    await shot(page, 'course-join-07-no-permission');
    expect(await refusal(request, '/CourseApi/getEnrollSetting', { courseid: course.id }, student.token)).toBe(40003);

    // a student opening the teacher's address of the course is sent to the course list
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await expect(page).toHaveURL(/\/ktpCourse$/);

    // joining twice enters the course (105) with the server's message
    await page.goto('/joinCourse');
    await typeJoinCode(page, course.code);
    await page.getByTestId('join-submit').click();
    await expect(page).toHaveURL(new RegExp(`/courseHome\\?courseId=${course.id}&courseRole=0$`));
    await expect(page.getByText('您已在该课程中，不能重复加入')).toBeVisible();
  });

  test('a logged-out student opens the QR link, logs in and is joined', async ({ page, request, asTeacher }) => {
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, {
      coursename: `线性代数 ${Date.now() % 100000}`,
      classname: '数学 2402 班',
    });
    const student = await registerPerson(request, 0, '吴同学');
    await completeProfile(request, student.token);

    // the QR code's address, opened without a session
    await page.goto(`/joinCourses?code=${course.code}`);
    const dialog = page.getByTestId('login-required-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('您还没有登录，先去登录吗？');
    await shot(page, 'course-join-08-qr-login-first');
    await page.getByTestId('login-required-confirm').click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('redirect'))).toBe(`/joinCourses?code=${course.code}`);
    expect(await listIds(request, student.token, 'study')).not.toContain(course.id);

    await page.getByTestId('login-account').fill(student.mobile);
    await page.getByTestId('login-password').fill(student.password);
    await shot(page, 'course-join-09-qr-login');
    await page.getByTestId('login-submit').click();

    // back on the link, which joins at once and enters the course
    await expect(page).toHaveURL(new RegExp(`/courseHome\\?courseId=${course.id}&courseRole=0$`));
    await expect(page.getByTestId('course-home-name')).toHaveText(course.coursename);
    await expect(page.getByTestId('course-home-role')).toHaveText('学生');
    await shot(page, 'course-join-10-qr-joined');
    expect(await listIds(request, student.token, 'study')).toContain(course.id);
    expect(await page.evaluate(() => sessionStorage.getItem('redirect'))).toBeNull();
  });
});
