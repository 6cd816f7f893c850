import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { byId, groupingInfo, joinedStudent, row, secondPhone, uidsOf } from './helpers';

test.describe('groups', () => {
  test('students create and join groups of a limited grouping; the teacher arranges them; a fixed one is the teacher’s', async ({
    page,
    request,
    browser,
    asTeacher,
  }) => {
    test.setTimeout(180_000);
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, {
      coursename: `软件工程 ${Date.now() % 100000}`,
      classname: '软工 2301 班',
    });
    const a = await joinedStudent(request, '孙小明', course.code);
    const b = await joinedStudent(request, '钱多多', course.code);
    const c = await joinedStudent(request, '郑一凡', course.code);
    const d = await joinedStudent(request, '冯佳佳', course.code);

    // the teacher creates a limited grouping: two per group, students may create groups
    await signIn(page, request, teacher);
    await page.goto(`/member?courseId=${course.id}`);
    await page.getByTestId('member-tab-groups').click();
    await expect(page).toHaveURL(new RegExp(`/member\\?courseId=${course.id}&tab=groups$`));
    await expect(page.getByTestId('grouping-empty')).toContainText('还没有分组');
    await shot(page, 'groups-01-no-grouping');
    await page.getByTestId('grouping-create').click();
    await expect(page).toHaveURL(new RegExp(`/member/groupSettings\\?courseId=${course.id}$`));
    await page.getByTestId('grouping-save').click();
    await expect(page.getByTestId('grouping-title-input-error')).toHaveText('请输入分组名称');
    await page.getByTestId('grouping-title-input').fill('课程项目分组');
    await page.getByTestId('grouping-type-3').click();
    await page.getByTestId('grouping-membercap').fill('2');
    await page.getByTestId('grouping-allowcreate').click();
    await expect(page.getByTestId('grouping-allowcreate')).toHaveAttribute('aria-checked', 'true');
    await shot(page, 'groups-02-settings');
    await page.getByTestId('grouping-save').click();
    await expect(page).toHaveURL(/\/member\/groupDetails\?courseId=\d+&id=\d+$/);
    const setId = Number(new URL(page.url()).searchParams.get('id'));
    await expect(page.getByTestId('grouping-head-title')).toHaveText('课程项目分组');
    await expect(page.getByTestId('grouping-kind')).toHaveText('限制分组');
    await expect(page.getByTestId('grouping-rules')).toHaveText('每组最多 2 人 · 小组数量不限 · 学生可创建小组');
    await expect(page.getByTestId('ungrouped-count')).toHaveText('未分组（4）');
    await shot(page, 'groups-03-grouping-empty');
    const [set] = await api<{ id: number; type: number; membercap: number; allowcreate: number }[]>(
      request,
      '/CourseGroupActivityApi/lists',
      { courseid: course.id },
      teacherToken,
    );
    expect(set).toMatchObject({ id: setId, type: 3, membercap: 2, groupcap: 0, allowcreate: 1 });

    // student A creates a group and leads it
    await signIn(page, request, a);
    await page.goto(`/member?courseId=${course.id}&tab=groups`);
    await byId(page, 'grouping-row', setId).click();
    await expect(page.getByTestId('group-status-text')).toHaveText('你还没有加入小组');
    await expect(page.getByTestId('group-add')).toHaveCount(0);
    await expect(page.getByTestId('grouping-edit')).toHaveCount(0);
    await shot(page, 'groups-04-student-no-group');
    await page.getByTestId('group-create').click();
    await expect(page).toHaveURL(new RegExp(`/member/newGroup\\?courseId=${course.id}&id=${setId}$`));
    await expect(page.getByTestId('new-group-intro')).toContainText('创建后你会加入这个小组并成为组长');
    await page.getByTestId('new-group-submit').click();
    await expect(page.getByTestId('group-name-input-error')).toHaveText('请输入分组名称');
    await page.getByTestId('group-name-input').fill('第一组');
    await shot(page, 'groups-05-new-group');
    await page.getByTestId('new-group-submit').click();
    await expect(page).toHaveURL(new RegExp(`/member/groupDetails\\?courseId=${course.id}&id=${setId}$`));
    await expect(page.getByTestId('group-status-text')).toHaveText('你在「第一组」中');
    const first = page.locator('[data-testid="group-card"]', { hasText: '第一组' });
    await expect(first.getByTestId('group-mine')).toHaveText('我的小组');
    await expect(row(page, 'group-member', a.uid).getByTestId('group-leader')).toHaveText('组长');
    await expect(first.getByTestId('group-count')).toHaveText('1/2 人');
    await shot(page, 'groups-06-student-leads');
    let info = await groupingInfo(request, teacherToken, course.id, setId);
    const g1 = info.groups.find((g) => g.name === '第一组')!;
    expect(g1.leader).toBe(a.uid);
    expect(uidsOf(info, '第一组')).toEqual([a.uid]);

    // student C opens the choice on their own phone while the group still has room
    const phoneC = await secondPhone(browser);
    await signIn(phoneC, request, c);
    await phoneC.goto(`/member/SelectionGroup?courseId=${course.id}&id=${setId}`);
    await expect(byId(phoneC, 'group-card', g1.id).getByTestId('group-join')).toBeEnabled();
    await shot(phoneC, 'groups-07-choose');

    // student B joins the group
    await signIn(page, request, b);
    await page.goto(`/member/groupDetails?courseId=${course.id}&id=${setId}`);
    await page.getByTestId('group-choose').click();
    await expect(page).toHaveURL(new RegExp(`/member/SelectionGroup\\?courseId=${course.id}&id=${setId}$`));
    await byId(page, 'group-card', g1.id).getByTestId('group-join').click();
    await expect(page).toHaveURL(new RegExp(`/member/groupDetails\\?courseId=${course.id}&id=${setId}$`));
    await expect(page.getByTestId('group-status-text')).toHaveText('你在「第一组」中');
    await expect(byId(page, 'group-card', g1.id).getByTestId('group-count')).toHaveText('2/2 人');
    await expect(byId(page, 'group-card', g1.id).getByTestId('group-full')).toHaveText('已满');
    await expect(byId(page, 'group-card', g1.id).getByTestId('group-leave')).toBeVisible();
    await shot(page, 'groups-08-student-joined');
    info = await groupingInfo(request, teacherToken, course.id, setId);
    expect(uidsOf(info, '第一组')).toEqual([a.uid, b.uid].sort((x, y) => x - y));

    // C's page was out of date: the server refuses, the page says why and catches up
    await byId(phoneC, 'group-card', g1.id).getByTestId('group-join').click();
    await expect(phoneC.getByTestId('selection-error')).toHaveText('该小组人数已满');
    await expect(byId(phoneC, 'group-card', g1.id).getByTestId('group-join')).toBeDisabled();
    await expect(byId(phoneC, 'group-card', g1.id).getByTestId('group-join')).toHaveText('已满');
    await shot(phoneC, 'groups-09-group-full');
    info = await groupingInfo(request, teacherToken, course.id, setId);
    expect(uidsOf(info, '第一组')).toEqual([a.uid, b.uid].sort((x, y) => x - y));

    // so C creates another group
    await phoneC.getByTestId('selection-create').click();
    await phoneC.getByTestId('group-name-input').fill('第二组');
    await phoneC.getByTestId('new-group-submit').click();
    await expect(phoneC.getByTestId('group-status-text')).toHaveText('你在「第二组」中');
    await shot(phoneC, 'groups-10-second-group');
    await phoneC.context().close();
    info = await groupingInfo(request, teacherToken, course.id, setId);
    const g2 = info.groups.find((g) => g.name === '第二组')!;
    expect(g2.leader).toBe(c.uid);
    expect(uidsOf(info, '第二组')).toEqual([c.uid]);
    expect(info.ungrouped.map((s) => s.uid)).toEqual([d.uid]);

    // the teacher sees both groups and who is in none
    await signIn(page, request, teacher);
    await page.goto(`/member/groupDetails?courseId=${course.id}&id=${setId}`);
    await expect(page.getByTestId('group-card')).toHaveCount(2);
    await expect(page.getByTestId('grouping-stats')).toHaveText('2 个小组 · 3 人已分组 · 1 人未分组');
    await expect(row(page, 'ungrouped-member', d.uid)).toBeVisible();
    await expect(page.getByTestId('group-status')).toHaveCount(0);
    await shot(page, 'groups-11-teacher-view');

    // one group: B becomes its leader
    await byId(page, 'group-card', g1.id).getByTestId('group-open').click();
    await expect(page).toHaveURL(
      new RegExp(`/member/groupDetails/subGrouped\\?courseId=${course.id}&id=${setId}&groupid=${g1.id}$`),
    );
    await expect(page.getByTestId('subgroup-name')).toHaveText('第一组');
    await expect(row(page, 'subgroup-member', a.uid).getByTestId('subgroup-leader-tag')).toHaveText('组长');
    await shot(page, 'groups-12-one-group');
    await page.getByTestId('subgroup-set-leader').click();
    await expect(page).toHaveURL(new RegExp(`/member/groupLeader\\?courseId=${course.id}&id=${setId}&groupid=${g1.id}$`));
    await row(page, 'leader-option', b.uid).click();
    await shot(page, 'groups-13-set-leader');
    await page.getByTestId('leader-save').click();
    await expect(page).toHaveURL(/\/member\/groupDetails\/subGrouped\?/);
    await expect(page.getByText(`已设置 ${b.name} 为组长`)).toBeVisible();
    await expect(row(page, 'subgroup-member', b.uid).getByTestId('subgroup-leader-tag')).toHaveText('组长');
    info = await groupingInfo(request, teacherToken, course.id, setId);
    expect(info.groups.find((g) => g.id === g1.id)!.leader).toBe(b.uid);

    // A moves to the second group
    await row(page, 'subgroup-member', a.uid).getByTestId('subgroup-move-member').click();
    await expect(page.getByTestId('move-group-title')).toHaveText(`把 ${a.name} 调到`);
    await shot(page, 'groups-14-move');
    await byId(page, 'move-group-option', g2.id).click();
    await expect(page.getByText(`已将 ${a.name} 调到「第二组」`)).toBeVisible();
    await expect(row(page, 'subgroup-member', a.uid)).toHaveCount(0);
    info = await groupingInfo(request, teacherToken, course.id, setId);
    expect(uidsOf(info, '第一组')).toEqual([b.uid]);
    expect(uidsOf(info, '第二组')).toEqual([a.uid, c.uid].sort((x, y) => x - y));

    // a rename, then D, who is in no group, goes into the first group
    await page.getByTestId('subgroup-rename').click();
    await page.getByTestId('group-rename-input').fill('第一组（需求）');
    await page.getByTestId('group-rename-confirm').click();
    await expect(page.getByTestId('subgroup-name')).toHaveText('第一组（需求）');
    await page.getByTestId('subgroup-add-members').click();
    await expect(page).toHaveURL(new RegExp(`/member/Ungroup\\?courseId=${course.id}&id=${setId}&groupid=${g1.id}$`));
    await row(page, 'ungroup-row', d.uid).getByTestId('ungroup-check').click();
    await expect(byId(page, 'ungroup-target-option', g2.id)).toContainText('2/2 人');
    await shot(page, 'groups-15-ungrouped');
    await page.getByTestId('ungroup-submit').click();
    await expect(page.getByText(`已将 1 名学生分到「第一组（需求）」`)).toBeVisible();
    await expect(page).toHaveURL(/\/member\/groupDetails\/subGrouped\?/);
    await expect(row(page, 'subgroup-member', d.uid)).toBeVisible();
    await shot(page, 'groups-16-group-arranged');
    info = await groupingInfo(request, teacherToken, course.id, setId);
    expect(uidsOf(info, '第一组（需求）')).toEqual([b.uid, d.uid].sort((x, y) => x - y));
    expect(info.ungrouped).toEqual([]);

    // D leaves the group after confirming, and is in none again
    await signIn(page, request, d);
    await page.goto(`/member/groupDetails?courseId=${course.id}&id=${setId}`);
    await expect(page.getByTestId('group-status-text')).toHaveText('你在「第一组（需求）」中');
    await byId(page, 'group-card', g1.id).getByTestId('group-leave').click();
    await expect(page.getByTestId('group-leave-ask-dialog')).toContainText('确定退出「第一组（需求）」吗？');
    await shot(page, 'groups-17-leave-confirm');
    await page.getByTestId('group-leave-ask-confirm').click();
    await expect(page.getByTestId('group-status-text')).toHaveText('你还没有加入小组');
    await expect(row(page, 'ungrouped-member', d.uid)).toBeVisible();
    info = await groupingInfo(request, teacherToken, course.id, setId);
    expect(info.ungrouped.map((s) => s.uid)).toEqual([d.uid]);

    // a fixed grouping: the teacher assigns; students get no join, leave or create buttons
    const fixed = await api<{ id: number }>(
      request,
      '/CourseGroupActivityApi/add',
      { courseid: course.id, title: '实验分组', type: 1, membercap: 3 },
      teacherToken,
    );
    const lab = await api<{ id: number }>(
      request,
      '/CourseGroupApi/add',
      { courseid: course.id, setid: fixed.id, name: '实验一组' },
      teacherToken,
    );
    await api(request, '/CourseGroupApi/join', { courseid: course.id, groupid: lab.id, uids: [a.uid] }, teacherToken);
    await signIn(page, request, b);
    await page.goto(`/member?courseId=${course.id}&tab=groups`);
    await expect(page.getByTestId('grouping-row')).toHaveCount(2);
    await expect(byId(page, 'grouping-row', fixed.id).getByTestId('grouping-kind')).toHaveText('固定分组');
    await byId(page, 'grouping-row', fixed.id).click();
    await expect(page.getByTestId('group-status-text')).toHaveText('本次分组由老师安排小组，不能自行加入、退出或创建小组。');
    await expect(page.getByTestId('group-choose')).toHaveCount(0);
    await expect(page.getByTestId('group-create')).toHaveCount(0);
    await expect(page.getByTestId('group-leave')).toHaveCount(0);
    await shot(page, 'groups-18-fixed-student');
    await page.goto(`/member/SelectionGroup?courseId=${course.id}&id=${fixed.id}`);
    await expect(page.getByTestId('selection-note')).toContainText('本次分组由老师安排小组');
    await expect(page.getByTestId('group-join')).toHaveCount(0);
    await expect(page.getByTestId('selection-create')).toHaveCount(0);
    // A is in a group of it, highlighted, and cannot leave
    await signIn(page, request, a);
    await page.goto(`/member/groupDetails?courseId=${course.id}&id=${fixed.id}`);
    await expect(byId(page, 'group-card', lab.id).getByTestId('group-mine')).toBeVisible();
    await expect(page.getByTestId('group-leave')).toHaveCount(0);
  });
});
