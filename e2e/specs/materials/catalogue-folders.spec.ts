import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { joinedStudent, secondPhone } from '../members/helpers';
import { pickDateTime } from '../dateTime';
import { addContent, catalogue, folderOf, localAt, rowOf, uniqueBytes, uploadSmall } from './helpers';

test.describe('catalogue', () => {
  test('a teacher files a material in a folder and the folder in a directory; the student finds it there; the teacher sees who learned it', async ({
    page,
    request,
    browser,
    asTeacher,
  }) => {
    test.setTimeout(240_000);
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, {
      coursename: `计算机网络 ${Date.now() % 100000}`,
      classname: '网络 2301 班',
    });
    const student = await joinedStudent(request, '韩雨桐', course.code);

    // the course already has a material, a lab guide, an announcement and a topic (seeded as the teacher would)
    const syllabus = await uploadSmall(request, teacherToken, 'syllabus.txt', 'text/plain', uniqueBytes(40_000));
    const guide = await uploadSmall(request, teacherToken, 'lab-guide.txt', 'text/plain', uniqueBytes(20_000, Date.now() + 7));
    const material = await addContent(request, teacherToken, {
      courseid: course.id,
      contenttype: 2,
      title: '课程大纲',
      fileids: [syllabus.id],
    });
    const lab = await addContent(request, teacherToken, {
      courseid: course.id,
      contenttype: 2,
      title: '实验指导书',
      fileids: [guide.id],
    });
    const notice = await addContent(request, teacherToken, {
      courseid: course.id,
      contenttype: 7,
      title: '第一次课在 A101',
      content: '<p>周一 8:00 在 A101 上课</p>',
    });
    const topic = await addContent(request, teacherToken, {
      courseid: course.id,
      contenttype: 5,
      title: '你为什么选这门课？',
      content: '<p>说说看</p>',
    });

    // the teacher creates a folder on the materials page: a name is required
    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('home-menu-material').click();
    await expect(rowOf(page, material.id)).toBeVisible();
    await expect(rowOf(page, lab.id)).toBeVisible();
    // the materials list holds the materials family only
    await expect(rowOf(page, notice.id)).toHaveCount(0);
    await page.getByTestId('folder-create').click();
    await expect(page.getByTestId('folder-name-dialog')).toBeVisible();
    await page.getByTestId('folder-name-confirm').click();
    await expect(page.getByTestId('folder-name-input-error')).toHaveText('请输入标题');
    await page.getByTestId('folder-name-input').fill('第一单元 资料');
    await page.getByTestId('folder-name-confirm').click();
    await expect(page.getByTestId('folder-name-dialog')).toBeHidden();
    const folder = (await catalogue(request, teacherToken, course.id, 2)).find((i) => i.title === '第一单元 资料')!;
    expect(folder).toBeTruthy();
    await expect(folderOf(page, folder.id).getByTestId('folder-count')).toHaveText('0 项');

    // no directory yet: moving the folder to one says what to do first
    await folderOf(page, folder.id).getByTestId('folder-more').click();
    await expect(page.getByTestId('item-menu-title')).toHaveText('第一单元 资料');
    await page.getByTestId('item-action-moveToDirectory').click();
    await expect(page.getByText('还没有目录，请先在目录管理中添加')).toBeVisible();

    // the syllabus goes into the folder
    await rowOf(page, material.id).getByTestId('content-more').click();
    await page.getByTestId('item-action-moveToFolder').click();
    await expect(page.getByTestId('move-folder-title')).toBeVisible();
    await page.locator(`[data-testid="move-folder-option"][data-id="${folder.id}"]`).click();
    await expect(page.getByText('已移到“第一单元 资料”')).toBeVisible();
    await expect(folderOf(page, folder.id).getByTestId('folder-count')).toHaveText('1 项');
    await expect(
      page.locator(`[data-testid="materials-list"] > [data-testid="content-row"][data-id="${material.id}"]`),
    ).toHaveCount(0);
    await folderOf(page, folder.id).getByTestId('folder-toggle').click();
    await expect(folderOf(page, folder.id).locator(`[data-testid="content-row"][data-id="${material.id}"]`)).toBeVisible();
    await shot(page, 'materials-11-folder-open');

    // the whole catalogue: every kind with its label
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('home-menu-catalogue').click();
    await expect(page).toHaveURL(new RegExp(`/folders\\?courseId=${course.id}&courseRole=1$`));
    await expect(page.getByTestId('page-title')).toHaveText('目录');
    await expect(rowOf(page, notice.id).getByTestId('content-type')).toHaveText('公告');
    await expect(rowOf(page, topic.id).getByTestId('content-type')).toHaveText('话题');
    await expect(rowOf(page, lab.id).getByTestId('content-type')).toHaveText('资料');
    await expect(folderOf(page, folder.id)).toBeVisible();
    await shot(page, 'materials-12-catalogue-teacher');

    // directories: a name is required; one is added, then renamed
    await page.getByTestId('directory-manage').click();
    await expect(page).toHaveURL(new RegExp(`/addActivity/directory\\?courseId=${course.id}&courseRole=1$`));
    await expect(page.getByTestId('directory-empty')).toHaveText('还没有目录');
    await page.getByTestId('directory-create').click();
    await page.getByTestId('directory-name-confirm').click();
    await expect(page.getByTestId('directory-name-input-error')).toHaveText('目录名称不能为空，最多 50 个字');
    await page.getByTestId('directory-name-input').fill('第一章 绪论');
    await page.getByTestId('directory-name-confirm').click();
    await expect(page.getByTestId('directory-row-title')).toHaveText('第一章 绪论');
    await page.getByTestId('directory-rename').click();
    await expect(page.getByTestId('directory-name-input')).toHaveValue('第一章 绪论');
    await page.getByTestId('directory-name-input').fill('第一章 计算机网络概述');
    await page.getByTestId('directory-name-confirm').click();
    await expect(page.getByTestId('directory-row-title')).toHaveText('第一章 计算机网络概述');
    await expect(page.getByTestId('directory-row-count')).toHaveText('0 项内容');
    await shot(page, 'materials-13-directories');
    const [dir] = (
      await api<{ list: { id: number; title: string }[] }>(
        request,
        '/CourseApi/getCourseDirectory',
        { courseid: course.id },
        teacherToken,
      )
    ).list;
    expect(dir).toMatchObject({ title: '第一章 计算机网络概述' });

    // back in the catalogue the folder (with the syllabus in it) goes into the directory
    await page.getByTestId('nav-back').click();
    await expect(page).toHaveURL(new RegExp(`/folders\\?courseId=${course.id}&courseRole=1$`));
    await folderOf(page, folder.id).getByTestId('folder-more').click();
    await page.getByTestId('item-action-moveToDirectory').click();
    await page.locator(`[data-testid="move-directory-option"][data-id="${dir!.id}"]`).click();
    await expect(page.getByText('已移到“第一章 计算机网络概述”')).toBeVisible();
    await expect(folderOf(page, folder.id).getByTestId('folder-directory')).toHaveText('第一章 计算机网络概述');
    const dirChip = page.locator(`[data-testid="directory-filter"][data-id="${dir!.id}"]`);
    await expect(dirChip).toContainText('1');
    await dirChip.click();
    await expect(page.getByTestId('catalogue-count')).toHaveText('“第一章 计算机网络概述”中共 1 项');
    await expect(folderOf(page, folder.id)).toBeVisible();
    await expect(rowOf(page, notice.id)).toHaveCount(0);
    await shot(page, 'materials-14-catalogue-directory');
    const filed = (await catalogue(request, teacherToken, course.id, 0, dir!.id))[0]!;
    expect(filed).toMatchObject({ id: folder.id, directory: { id: dir!.id } });
    expect(filed.children!.list[0]).toMatchObject({ id: material.id, folder: { id: folder.id }, directory: { id: dir!.id } });

    // the student finds the folder under the directory and opens the syllabus from it
    const phone = await secondPhone(browser);
    await signIn(phone, request, student);
    await phone.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    await phone.getByTestId('home-menu-catalogue').click();
    await expect(phone).toHaveURL(new RegExp(`/folders\\?courseId=${course.id}&courseRole=0$`));
    await expect(phone.getByTestId('directory-manage')).toHaveCount(0);
    await expect(phone.getByTestId('content-more')).toHaveCount(0);
    await phone.locator(`[data-testid="directory-filter"][data-id="${dir!.id}"]`).click();
    await folderOf(phone, folder.id).getByTestId('folder-toggle').click();
    const child = folderOf(phone, folder.id).locator(`[data-testid="content-row"][data-id="${material.id}"]`);
    await expect(child.getByTestId('content-learned')).toHaveText('未学');
    await shot(phone, 'materials-15-catalogue-student');
    await child.getByTestId('content-title').click();
    await expect(phone).toHaveURL(new RegExp(`/dataIndex\\?type=2&courseId=${course.id}&courseRole=0&id=${material.id}$`));
    await expect(phone.getByTestId('attachment-name')).toHaveText('syllabus.txt');
    // the announcement of the whole catalogue opens its own page
    await phone.goto(`/folders?courseId=${course.id}&courseRole=0`);
    await rowOf(phone, notice.id).getByTestId('content-title').click();
    await expect(phone).toHaveURL(new RegExp(`/noticeDetail\\?id=${notice.id}&courseId=${course.id}&courseRole=0$`));

    // the teacher's learning statistics: the student completed the syllabus
    await page.goto(`/dataIndex?type=2&courseId=${course.id}&courseRole=1`);
    await folderOf(page, folder.id).getByTestId('folder-toggle').click();
    const teacherChild = folderOf(page, folder.id).locator(`[data-testid="content-row"][data-id="${material.id}"]`);
    await expect(teacherChild.getByTestId('content-stats')).toHaveText('已学 1 · 未学 0');
    await teacherChild.getByTestId('content-more').click();
    // an item in a folder moves out of it; its directory is its folder's
    await expect(page.getByTestId('item-action-moveOutOfFolder')).toBeVisible();
    await expect(page.getByTestId('item-action-moveToDirectory')).toHaveCount(0);
    await page.getByTestId('item-action-statistics').click();
    await expect(page.getByTestId('stats-popup')).toBeVisible();
    await expect(page.getByTestId('stats-count-completed')).toHaveText('1');
    await expect(page.getByTestId('stats-count-unlearned')).toHaveText('0');
    await expect(page.getByTestId('stats-name')).toHaveText('韩雨桐');
    await shot(page, 'materials-16-statistics');
    await page.getByTestId('stats-tab-unlearned').click();
    await expect(page.getByTestId('stats-empty')).toHaveText('所有学生都已学习');
    await page.getByTestId('stats-close').click();
    await expect(page.getByTestId('stats-popup')).toBeHidden();
    // the lab guide nobody opened yet
    await rowOf(page, lab.id).getByTestId('content-more').click();
    await page.getByTestId('item-action-statistics').click();
    await expect(page.getByTestId('stats-count-completed')).toHaveText('0');
    await expect(page.getByTestId('stats-empty')).toHaveText('还没有学生学习');
    await page.getByTestId('stats-tab-unlearned').click();
    await expect(page.getByTestId('stats-name')).toHaveText('韩雨桐');
    await page.getByTestId('stats-close').click();

    // an end time for the lab guide: the picker offers nothing before now, so a past time comes only
    // from a phone whose clock runs two days slow: the server refuses it, under the field; tomorrow is kept
    await page.clock.setSystemTime(new Date(Date.now() - 2 * 86_400_000));
    await rowOf(page, lab.id).getByTestId('content-more').click();
    await page.getByTestId('item-action-endTime').click();
    await expect(page.getByTestId('end-time-current')).toHaveText('未设置截止时间');
    await pickDateTime(page, 'end-time-input', localAt(-1));
    await page.getByTestId('end-time-save').click();
    await expect(page.getByTestId('end-time-input-error')).toHaveText('时间不能早于现在');
    await page.clock.setSystemTime(new Date());
    const tomorrow = localAt(1);
    await pickDateTime(page, 'end-time-input', tomorrow);
    await shot(page, 'materials-17-end-time');
    await page.getByTestId('end-time-save').click();
    await expect(page.getByTestId('end-time-popup')).toBeHidden();
    await expect(rowOf(page, lab.id)).toContainText(`${tomorrow.replace('T', ' ')} 截止`);
    const labNow = (await catalogue(request, teacherToken, course.id, 2)).find((i) => i.id === lab.id) as unknown as {
      endtime: number;
    };
    expect(labNow.endtime).toBe(Math.floor(new Date(tomorrow).getTime() / 1000));

    // deleting the directory asks first and keeps what was in it
    await page.goto(`/addActivity/directory?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('directory-delete').click();
    await expect(page.getByTestId('directory-delete-ask-dialog')).toContainText('其中的 1 项内容会保留');
    await page.getByTestId('directory-delete-ask-confirm').click();
    await expect(page.getByTestId('directory-empty')).toBeVisible();
    const after = await catalogue(request, teacherToken, course.id, 2);
    expect(after.find((i) => i.id === folder.id)).toMatchObject({ directory: null });

    // deleting a material asks first; it leaves the student's list too
    await page.goto(`/dataIndex?type=2&courseId=${course.id}&courseRole=1`);
    await rowOf(page, lab.id).getByTestId('content-more').click();
    await page.getByTestId('item-action-delete').click();
    await expect(page.getByTestId('delete-ask-dialog')).toContainText('实验指导书');
    await page.getByTestId('delete-ask-confirm').click();
    await expect(rowOf(page, lab.id)).toHaveCount(0);
    expect((await catalogue(request, student.token, course.id, 2)).map((i) => i.id)).not.toContain(lab.id);
    await phone.context().close();
  });

  test('a folder shows its children ten at a time, with "load more" inside the folder', async ({ page, request, asTeacher }) => {
    test.setTimeout(120_000);
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, { coursename: `编译原理 ${Date.now() % 100000}` });
    const file = await uploadSmall(request, teacherToken, 'exercise.txt', 'text/plain', uniqueBytes(8_000, Date.now() + 11));
    const folder = await api<{ id: number }>(
      request,
      '/FutureV2/CourseMeans/addFolder',
      { courseid: course.id, contenttype: 2, title: '习题' },
      teacherToken,
    );
    for (let n = 1; n <= 12; n++) {
      await addContent(request, teacherToken, {
        courseid: course.id,
        contenttype: 2,
        title: `习题 ${n}`,
        fileids: [file.id],
        folderid: folder.id,
      });
    }

    await signIn(page, request, teacher);
    await page.goto(`/dataIndex?type=2&courseId=${course.id}&courseRole=1`);
    const block = folderOf(page, folder.id);
    await expect(block.getByTestId('folder-count')).toHaveText('12 项');
    await block.getByTestId('folder-toggle').click();
    const children = block.getByTestId('content-row');
    await expect(children).toHaveCount(10);
    await expect(children.first().getByTestId('content-title')).toHaveText('习题 12');
    await block.getByTestId('folder-more-items').click();
    await expect(children).toHaveCount(12);
    await expect(children.last().getByTestId('content-title')).toHaveText('习题 1');
    await expect(block.getByTestId('folder-more-items')).toHaveCount(0);
    // the folder's page of children is the only place they show: the top level has the folder alone
    await expect(page.getByTestId('materials-count')).toHaveText('共 1 项');
  });
});
