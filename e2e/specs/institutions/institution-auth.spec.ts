import { api, expect, lastCode, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { card, createCourse, listIds as listIdStrings, typeJoinCode } from '../courses/helpers';
import { byId, endOfTodayIn, journeyInstitution, laterCookie, openAs, ROSTER, registerAt, scheduled } from './helpers';

/** The course list answers ids as strings, as Ketangpai does (issue 10); the scheduled courses name them as numbers. */
const listIds = async (...args: Parameters<typeof listIdStrings>) => (await listIdStrings(...args)).map(Number);

test.describe('institution authentication', () => {
  test('a teacher puts off the prompt for the day, certifies through the picker with a code sent to the roster phone, and binds the scheduled courses', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const school = journeyInstitution('auth-teacher');
    const teacher = await registerAt(request, 1, ROSTER.teacher.realname, school.jigou);
    const existing = await createCourse(request, teacher.token, {
      coursename: `数据结构 存量 ${Date.now() % 10000}`,
      classname: '旧班级',
      semester: school.semester,
    });

    // the course list: the school requires identity authentication, the prompt asks for it
    await openAs(page, teacher);
    await page.goto('/ktpCourse');
    const prompt = page.getByTestId('attest-prompt');
    await expect(prompt).toBeVisible();
    await expect(page.getByTestId('attest-prompt-text')).toHaveText(`${school.jigou} 要求完成身份认证`);
    await expect(page.getByTestId('attest-prompt-later')).toHaveText('稍后');
    await expect(page.getByTestId('attest-prompt-go')).toHaveText('去认证');
    await shot(page, 'institutions-01-prompt');

    // "later": a cookie till the end of today and a session flag, both for this user
    await page.getByTestId('attest-prompt-later').click();
    await expect(prompt).toBeHidden();
    const cookie = await laterCookie(page);
    expect(cookie?.value).toBe(String(teacher.uid));
    expect(Math.abs(cookie!.expires - (await endOfTodayIn(page)))).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => sessionStorage.getItem('attestLater'))).toBe(String(teacher.uid));
    await page.reload();
    await expect(card(page, existing.id)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(prompt).toHaveCount(0);
    // a new browser session the same day: the cookie alone keeps it away
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await expect(card(page, existing.id)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(prompt).toHaveCount(0);

    // 我的 → 机构认证: not certified yet, so the form shows at once
    await page.goto('/ktpMy');
    await expect(page.getByTestId('my-institution-value')).toHaveText('未认证');
    await shot(page, 'institutions-02-my-entry');
    await page.getByTestId('my-institution').click();
    await expect(page).toHaveURL(/\/myAllSetting\?detail=myMechanism$/);
    await expect(page.getByTestId('attest-form')).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText('认证学校或机构');
    await expect(page.getByTestId('attest-realstno')).toHaveAttribute('placeholder', '请输入工号');
    await expect(page.getByTestId('attest-later')).toHaveCount(0);
    await shot(page, 'institutions-03-form');

    // nothing entered: the shared schema's messages, under each field
    await page.getByTestId('attest-submit').click();
    await expect(page.getByTestId('attest-jigou-error')).toHaveText('请选择学校或机构');
    await expect(page.getByTestId('attest-realname-error')).toHaveText('姓名不能为空');
    await expect(page.getByTestId('attest-realstno-error')).toHaveText('工号/学号不能为空');
    await shot(page, 'institutions-04-form-errors');

    // the searchable picker: a name that matches nothing, then the school's
    await page.getByTestId('attest-jigou').click();
    const picker = page.getByTestId('jigou-popup');
    await expect(picker).toBeVisible();
    await page.getByTestId('jigou-search').fill('没有这所学校 zz');
    await expect(page.getByTestId('jigou-empty')).toContainText('没有找到匹配的学校或机构');
    await shot(page, 'institutions-05-picker-empty');
    await page.getByTestId('jigou-search').fill(school.jigou.slice(-8));
    const option = byId(page, 'jigou-option', school.jigouid);
    await expect(option).toHaveText(school.jigou);
    await expect(page.getByTestId('jigou-option')).toHaveCount(1);
    await shot(page, 'institutions-06-picker');
    await option.click();
    await expect(picker).toBeHidden();
    await expect(page.getByTestId('attest-jigou-value')).toHaveText(school.jigou);
    await expect(page.getByTestId('attest-jigou-error')).toHaveCount(0);

    // the proof: a code sent to the phone or email on the roster, or the school's activation code
    await expect(page.getByTestId('attest-code')).toHaveAttribute('placeholder', '验证码或学校发放的激活码');
    await expect(page.getByTestId('attest-code-hint')).toContainText('验证码发送到学校名单登记的手机号或邮箱');
    // a number that is not on the roster with a guessed code: one message for every refusal, in the form
    await page.getByTestId('attest-realname').fill(ROSTER.teacher.realname);
    await page.getByTestId('attest-realstno').fill('T9999');
    await page.getByTestId('attest-code').fill('123456');
    await page.getByTestId('attest-submit').click();
    await expect(page.getByTestId('attest-error')).toHaveText('无法完成认证：姓名、工号/学号或验证码不正确，请核对后再试');
    await shot(page, 'institutions-07-roster-error');
    expect((await api(request, '/AttestApi/getAttestList', {}, teacher.token)).atteststate).toBe(0);

    // the right number: "get code" sends one to the phone the roster lists (the answer never says whether it did)
    await page.getByTestId('attest-realstno').fill(ROSTER.teacher.realstno);
    await page.getByTestId('attest-code').fill('');
    await expect(page.getByTestId('attest-error')).toHaveCount(0);
    await page.getByTestId('attest-form').getByTestId('send-code').click();
    await expect(page.getByText('如名单为此姓名和编号登记了手机号或邮箱，验证码已发送')).toBeVisible();
    await expect(page.getByTestId('attest-form').getByTestId('send-code')).toHaveText(/秒后重发/);
    await page.getByTestId('attest-code').fill(await lastCode(request, school.teacherMobile!));
    await shot(page, 'institutions-07b-code');

    // certified, and the binding step lists both scheduled courses
    await page.getByTestId('attest-submit').click();
    await expect(page.getByTestId('bind-step')).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText('绑定课程');
    const [first, second] = await scheduled(request, teacher.token, school.jigouid);
    expect([first!.coursename, second!.coursename]).toEqual([ROSTER.first.coursename, ROSTER.second.coursename]);
    const firstCard = byId(page, 'tc-card', first!.id);
    const secondCard = byId(page, 'tc-card', second!.id);
    await expect(firstCard.getByTestId('tc-name')).toHaveText(ROSTER.first.coursename);
    await expect(firstCard.getByTestId('tc-class')).toHaveText(ROSTER.first.classname);
    await expect(firstCard.getByTestId('tc-term')).toHaveText(`${school.semester} 第一学期`);
    await expect(secondCard.getByTestId('tc-term')).toHaveText(`${school.semester} 第二学期`);
    await expect(firstCard.getByTestId('tc-choice')).toHaveText('请选择（暂不绑定）');
    await shot(page, 'institutions-08-bind-step');

    // the first one to the teacher's existing course; the second left without a choice
    await firstCard.getByTestId('tc-choose').click();
    await expect(page.getByTestId('bind-popup')).toBeVisible();
    const mine = byId(page, 'bind-option-course', existing.id);
    await expect(mine).toContainText(existing.coursename);
    await shot(page, 'institutions-09-bind-choose');
    await mine.click();
    await expect(page.getByTestId('bind-popup')).toBeHidden();
    await expect(firstCard.getByTestId('tc-choice')).toHaveText(`${existing.coursename} · 旧班级`);

    // confirming asks about the unbound one: create it automatically
    await page.getByTestId('bind-confirm').click();
    const ask = page.getByTestId('bind-ask-dialog');
    await expect(ask).toContainText('1 门排课未绑定课程，是否自动为其创建课程？');
    await shot(page, 'institutions-10-bind-ask');
    await page.getByTestId('bind-ask-create').click();
    const done = page.getByTestId('bind-done-dialog');
    await expect(done).toBeVisible();
    await expect(byId(page, 'bind-done-item', first!.id)).toContainText(`已绑定到「${existing.coursename}」`);
    await expect(byId(page, 'bind-done-item', second!.id)).toContainText('已自动创建课程');
    await shot(page, 'institutions-11-bind-done');
    await page.getByTestId('bind-done-ok').click();

    // back on the list of certified institutions
    const item = byId(page, 'attest-item', school.jigouid);
    await expect(item.getByTestId('attest-item-jigou')).toHaveText(school.jigou);
    await expect(item.getByTestId('attest-item-realname')).toHaveText(ROSTER.teacher.realname);
    await expect(item.getByTestId('attest-item-realstno')).toHaveText(ROSTER.teacher.realstno);
    await expect(page.getByTestId('attest-another')).toHaveText('认证其他机构');
    await expect(page.getByTestId('attest-need')).toHaveCount(0);
    await shot(page, 'institutions-12-list');

    // the server agrees: the first bound to the existing course, the second to a new one
    const after = await scheduled(request, teacher.token, school.jigouid);
    expect(after.find((tc) => tc.id === first!.id)?.classid).toBe(existing.id);
    const created = after.find((tc) => tc.id === second!.id)!.classid;
    expect(created).toBeGreaterThan(0);
    expect(created).not.toBe(existing.id);

    // its scheduled courses, both bound now
    await item.getByTestId('attest-item-courses').click();
    await expect(page.getByTestId('page-title')).toHaveText('排课');
    await expect(page.getByTestId('schedule-list').getByTestId('tc-card')).toHaveCount(2);
    await expect(byId(page, 'tc-card', second!.id).getByTestId('tc-state')).toHaveText('已绑定课程');
    await expect(byId(page, 'tc-card', first!.id).getByTestId('tc-bound')).toHaveText(`已绑定课程：${existing.coursename}`);
    await expect(byId(page, 'tc-card', second!.id).getByTestId('tc-bound')).toHaveText('已绑定课程：操作系统');
    await expect(page.getByTestId('schedule-bind')).toHaveCount(0);
    await shot(page, 'institutions-13-schedule');
    await page.getByTestId('nav-back').click();
    await expect(item).toBeVisible();

    // both courses in the course list, and no prompt any more
    await page.goto('/ktpCourse');
    // the newest term (the second) opens first; the existing course is under the first term
    await expect(card(page, created)).toBeVisible();
    await expect(card(page, created)).toContainText(ROSTER.second.coursename);
    await page.getByTestId('semester-header').filter({ hasText: '第一学期' }).click();
    await expect(card(page, existing.id)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('attest-prompt')).toHaveCount(0);
    await shot(page, 'institutions-14-courses');
    expect(await listIds(request, teacher.token, 'teach')).toEqual(expect.arrayContaining([existing.id, created]));

    // 我的 names the institution
    await page.goto('/ktpMy');
    await expect(page.getByTestId('my-institution-value')).toHaveText(school.jigou);

    // in English
    await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
    await page.goto('/myAllSetting?detail=myMechanism');
    await expect(page.getByTestId('page-title')).toHaveText('Institution authentication');
    await expect(item.getByTestId('attest-item-courses')).toHaveText('View scheduled courses');
    await expect(item.getByTestId('attest-item-unbind')).toHaveText('Unbind');
    await expect(page.getByTestId('attest-another')).toHaveText('Certify another institution');
    await shot(page, 'institutions-15-en-list');

    // a detail the spec does not name says it is not available
    await page.goto('/myAllSetting?detail=myWallet');
    await expect(page.getByTestId('not-available-page')).toBeVisible();
  });

  test('a student refused by a bound course (103) authenticates, is joined, then unbinds', async ({ page, request }) => {
    test.setTimeout(150_000);
    // the teacher's side through the API: certified, one course bound to an existing course, one created
    const school = journeyInstitution('auth-student');
    const teacher = await registerAt(request, 1, ROSTER.teacher.realname, school.jigou);
    // the teacher proves the identity with the activation code the school handed out
    await api(
      request,
      '/AttestApi/attest',
      { jigouid: school.jigouid, ...ROSTER.teacher, code: school.codes[ROSTER.teacher.realstno] },
      teacher.token,
    );
    const [first, second] = await scheduled(request, teacher.token, school.jigouid);
    const bound = await createCourse(request, teacher.token, { coursename: `数据结构 ${Date.now() % 10000}` });
    const result = await api<{ list: { id: number; classid: number }[] }>(
      request,
      '/CourseApi/relationTeachClass',
      {
        list: [
          { id: first!.id, classid: bound.id },
          { id: second!.id, classid: 0 },
        ],
      },
      teacher.token,
    );
    const opened = result.list.find((tc) => tc.id === second!.id)!.classid;
    const student = await registerAt(request, 0, ROSTER.student1.realname, school.jigou);

    // joining the bound course by its code: 103, with the server's message
    await openAs(page, student);
    await page.goto('/joinCourse');
    await typeJoinCode(page, bound.code);
    await page.getByTestId('join-submit').click();
    const refused = page.getByTestId('join-attest-dialog');
    await expect(refused).toContainText('需要身份认证');
    await expect(refused).toContainText('该课程要求先完成学校身份认证');
    await expect(page.getByTestId('join-attest-confirm')).toHaveText('去认证');
    await shot(page, 'institutions-16-join-needs-attest');
    // cancelling shows why the join failed
    await page.getByTestId('join-attest-cancel').click();
    await expect(page.getByTestId('join-fail-message')).toHaveText('该课程要求先完成学校身份认证');
    expect(await listIds(request, student.token, 'study')).not.toContain(bound.id);

    // the QR link asks the same; this time to the form: the first-time flow, with the school that asks for it chosen
    await page.goto(`/joinCourses?code=${bound.code}`);
    await expect(refused).toContainText('该课程要求先完成学校身份认证');
    await page.getByTestId('join-attest-confirm').click();
    await expect(page).toHaveURL(/\/myAllSetting\?detail=myMechanism&atteststate=1$/);
    await expect(page.getByTestId('attest-jigou-value')).toHaveText(school.jigou);
    await expect(page.getByTestId('attest-realstno')).toHaveAttribute('placeholder', '请输入学号');
    await expect(page.getByTestId('attest-later')).toHaveText('暂不认证');
    await shot(page, 'institutions-17-student-form');

    // "not now" in the first-time flow counts as "later" for today: the course list does not ask
    await page.getByTestId('attest-later').click();
    await expect(page).toHaveURL(/\/ktpCourse$/);
    expect((await laterCookie(page))?.value).toBe(String(student.uid));
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('attest-prompt')).toHaveCount(0);

    // back through the join code, and certified as the roster says, with the school's activation code
    await page.goto('/joinCourse');
    await typeJoinCode(page, bound.code);
    await page.getByTestId('join-submit').click();
    await page.getByTestId('join-attest-confirm').click();
    await expect(page.getByTestId('attest-form')).toBeVisible();
    await page.getByTestId('attest-realname').fill(ROSTER.student1.realname);
    await page.getByTestId('attest-realstno').fill(ROSTER.student1.realstno);
    await page.getByTestId('attest-code').fill(school.codes[ROSTER.student1.realstno]!);
    await page.getByTestId('attest-submit').click();

    // the student's step: the scheduled course that lists them, joined automatically
    await expect(page.getByTestId('joined-step')).toBeVisible();
    await expect(page.getByTestId('joined-title')).toHaveText('认证成功');
    const joined = byId(page, 'tc-card', second!.id);
    await expect(page.getByTestId('joined-list').getByTestId('tc-card')).toHaveCount(1);
    await expect(joined.getByTestId('tc-name')).toHaveText(ROSTER.second.coursename);
    await expect(joined.getByTestId('tc-state')).toHaveText('已加入');
    await shot(page, 'institutions-18-student-joined');
    await page.getByTestId('joined-done').click();
    await expect(byId(page, 'attest-item', school.jigouid).getByTestId('attest-item-realstno')).toHaveText(
      ROSTER.student1.realstno,
    );
    await expect(page.getByTestId('attest-item-courses')).toBeVisible();
    await shot(page, 'institutions-19-student-list');

    // in their course list; the bound course they are not listed in now takes them by code
    await page.goto('/ktpCourse');
    await expect(card(page, opened)).toBeVisible();
    await expect(card(page, opened)).toContainText(ROSTER.second.coursename);
    await shot(page, 'institutions-20-student-courses');
    expect(await listIds(request, student.token, 'study')).not.toContain(bound.id);
    await page.goto('/joinCourse');
    await typeJoinCode(page, bound.code);
    await page.getByTestId('join-submit').click();
    await expect(page).toHaveURL(new RegExp(`/courseHome\\?courseId=${bound.id}&courseRole=0$`));

    // unbinding, behind a confirmation
    await page.goto('/myAllSetting?detail=myMechanism');
    await page.getByTestId('attest-item-unbind').click();
    const confirm = page.getByTestId('unbind-dialog');
    await expect(confirm).toContainText(`确定解除与「${school.jigou}」的认证吗？`);
    await shot(page, 'institutions-21-unbind-confirm');
    await page.getByTestId('unbind-cancel').click();
    await expect(confirm).toBeHidden();
    expect((await api(request, '/AttestApi/getAttestList', {}, student.token)).atteststate).toBe(1);
    await page.getByTestId('attest-item-unbind').click();
    await page.getByTestId('unbind-confirm').click();
    // no certification left: the form again
    await expect(page.getByTestId('attest-form')).toBeVisible();
    const list = await api(request, '/AttestApi/getAttestList', {}, student.token);
    expect(list).toMatchObject({ atteststate: 0, list: [], needAttest: { jigouid: school.jigouid } });
    // the courses joined stay
    expect(await listIds(request, student.token, 'study')).toEqual(expect.arrayContaining([opened, bound.id]));
    await page.goto('/ktpMy');
    await expect(page.getByTestId('my-institution-value')).toHaveText('未认证');
  });
  test('without a code, the request waits for the school, shows as pending and can be withdrawn', async ({ page, request }) => {
    const school = journeyInstitution('auth-pending');
    const student = await registerAt(request, 0, ROSTER.student2.realname, school.jigou);
    await openAs(page, student);
    await page.goto('/myAllSetting?detail=myMechanism');
    await expect(page.getByTestId('attest-form')).toBeVisible();
    await page.getByTestId('attest-jigou').click();
    await page.getByTestId('jigou-search').fill(school.jigou);
    await byId(page, 'jigou-option', school.jigouid).click();
    await page.getByTestId('attest-realname').fill(ROSTER.student2.realname);
    await page.getByTestId('attest-realstno').fill(ROSTER.student2.realstno);

    // no code: asked first; staying changes nothing
    await page.getByTestId('attest-submit').click();
    const ask = page.getByTestId('attest-pending-ask-dialog');
    await expect(ask).toContainText('没有填写验证码或激活码，提交后需等待学校审核通过才能完成认证。');
    await shot(page, 'institutions-22-pending-ask');
    await page.getByTestId('attest-pending-ask-cancel').click();
    expect((await api(request, '/AttestApi/getAttestList', {}, student.token)).claims).toEqual([]);

    // sent for approval: pending in the list, not certified, no course joined
    await page.getByTestId('attest-submit').click();
    await page.getByTestId('attest-pending-ask-confirm').click();
    const claim = byId(page, 'attest-claim', school.jigouid);
    await expect(claim.getByTestId('attest-claim-state')).toHaveText('等待学校审核');
    await expect(claim.getByTestId('attest-claim-realstno')).toHaveText(ROSTER.student2.realstno);
    await expect(page.getByTestId('attest-item')).toHaveCount(0);
    await shot(page, 'institutions-23-pending');
    const list = await api(request, '/AttestApi/getAttestList', {}, student.token);
    expect(list).toMatchObject({ atteststate: 0, list: [], claims: [{ jigouid: school.jigouid, state: 0 }] });
    expect((await api<{ list: unknown[] }>(request, '/CourseApi/teachClass', { jigouid: 0 }, student.token)).list).toEqual([]);

    // in English
    await api(request, '/UserApi/setLanguage', { lang: 'en' }, student.token);
    await page.reload();
    await expect(claim.getByTestId('attest-claim-state')).toHaveText("Waiting for your school's approval");
    await expect(claim.getByTestId('attest-claim-withdraw')).toHaveText('Withdraw');
    await page.getByTestId('attest-another').click();
    await expect(page.getByTestId('attest-code-hint')).toContainText("the phone or email your school's roster lists for you");
    await shot(page, 'institutions-24-form-en');
    await page.getByTestId('nav-back').click();

    // withdrawn: nothing waits any more, the form again
    await claim.getByTestId('attest-claim-withdraw').click();
    await expect(page.getByTestId('attest-form')).toBeVisible();
    expect((await api(request, '/AttestApi/getAttestList', {}, student.token)).claims).toEqual([]);
  });
});
