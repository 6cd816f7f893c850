import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import type { Locator } from '@playwright/test';
import { card, createCourse, registerPerson, signIn } from '../courses/helpers';
import { pngPicture } from '../homework/helpers';
import { joinedStudent } from '../members/helpers';

/*
 * Issue 26, meetings (spec 2 §2 /conference, /addActivity/conference, /conferenceDetailPage,
 * /conference/go, /editConference; spec 1 §4 "type 0 with a meeting: in meeting"): a teacher creates
 * a meeting on the phone with a cover picture, a student sees it (and its cover) on the course and
 * the course list's label, and the teacher edits it, the cover kept, then removes the cover. In
 * Chinese and in English.
 */

const WORDS = {
  zh: {
    title: '会议',
    empty: '还没有会议',
    nameRequired: '请输入会议名称',
    name: '期中答疑',
    edited: '期中答疑（改到线上）',
    waiting: '未开始',
    inProgress: '进行中',
    label: '会议中',
    goState: '会议进行中，点下面的按钮打开会议应用',
    coverNotImage: '请选择图片（PNG、JPEG、GIF、WebP 或 BMP）',
    noCover: '暂无封面',
  },
  en: {
    title: 'Meetings',
    empty: 'No meetings yet',
    nameRequired: 'Enter the meeting name',
    name: 'Mid-term Q&A',
    edited: 'Mid-term Q&A (online)',
    waiting: 'Not started',
    inProgress: 'In progress',
    label: 'Meeting on',
    goState: 'The meeting is on: tap below to open the meeting app',
    coverNotImage: 'Choose a picture (PNG, JPEG, GIF, WebP or BMP)',
    noCover: 'No cover',
  },
} as const;

interface Meeting {
  id: number;
  title: string;
  start_time: number;
  end_time: number;
  link: string;
  meeting_no: string;
  description: string;
  cover: number;
  cover_url: string;
}

/** A cover picture drawn in full: its <img> loaded from the server, not a placeholder. */
async function expectPicture(cover: Locator) {
  await expect(cover).not.toHaveAttribute('data-empty', '1');
  await expect
    .poll(() => cover.locator('img').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

for (const lang of ['zh', 'en'] as const) {
  test(`meetings (${lang}): a teacher creates one, a student sees it and its label, the teacher edits it`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const w = WORDS[lang];
    const teacher = await registerPerson(request, 1, lang === 'zh' ? '孙老师' : 'Grace Hopper');
    const course = await createCourse(request, teacher.token, {
      coursename: lang === 'zh' ? `线性代数 ${Date.now() % 100000}` : `Linear Algebra ${Date.now() % 100000}`,
    });
    const student = await joinedStudent(request, lang === 'zh' ? '周同学' : 'Ada Byron', course.code);
    if (lang === 'en')
      for (const who of [teacher, student]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, who.token);

    // the teacher opens the meeting tile of the course home: no meeting yet
    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('home-menu-meeting').click();
    await expect(page).toHaveURL(new RegExp(`/conference\\?courseId=${course.id}`));
    await expect(page.getByTestId('page-title')).toHaveText(w.title);
    await expect(page.getByTestId('meeting-empty')).toContainText(w.empty);
    await shot(page, `meetings-${lang}-01-empty`);

    // a meeting without a name is refused by name, and nothing is written (the course has a chapter to file it under)
    const chapter = lang === 'zh' ? '第三章 矩阵' : 'Chapter 3: Matrices';
    const dir = await api<{ id: number }>(
      request,
      '/CourseApi/addDirectory',
      { courseid: course.id, title: chapter },
      teacher.token,
    );
    await page.getByTestId('meeting-new').click();
    await expect(page).toHaveURL(/\/addActivity\/conference\?/);
    await page.getByTestId('meeting-link-input').fill('https://meeting.tencent.com/dm/abc123');
    await page.getByTestId('meeting-submit').click();
    await expect(page.getByTestId('meeting-form')).toContainText(w.nameRequired);
    await shot(page, `meetings-${lang}-02-name-required`);
    const none = await api<{ total: number }>(
      request,
      '/Futurev2/TencentMeeting/getMeetingList',
      { courseid: course.id },
      teacher.token,
    );
    expect(none.total).toBe(0);

    // named, with its number and its chapter: created, waiting to start (it starts in an hour by default)
    await page.getByTestId('meeting-title-input').fill(w.name);
    await page.getByTestId('meeting-number-input').fill('123 456 789');
    await page.getByTestId('meeting-directory').click();
    await page.getByTestId(`meeting-directory-option-${dir.id}`).click();
    await expect(page.getByTestId('meeting-directory')).toHaveText(chapter);
    // a cover: a document is refused on the phone before it goes up; a picture is previewed
    await expect(page.getByTestId('meeting-cover-preview')).toContainText(w.noCover);
    await page
      .getByTestId('meeting-cover-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(page.getByTestId('meeting-cover-error')).toHaveText(w.coverNotImage);
    await page
      .getByTestId('meeting-cover-input')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: pngPicture(640, 360, 7) });
    await expect(page.getByTestId('meeting-cover-remove')).toBeVisible();
    await expect(page.getByTestId('meeting-cover-error')).toHaveCount(0);
    await expectPicture(page.getByTestId('meeting-cover-preview'));
    await shot(page, `meetings-${lang}-02b-cover-picked`);
    await page
      .getByTestId('meeting-description-input')
      // antd-mobile's autosize keeps a hidden twin for measuring
      .locator('textarea:not([aria-hidden])')
      .fill(lang === 'zh' ? '带上作业里的问题' : 'Bring your questions');
    await page.getByTestId('meeting-submit').click();
    await expect(page).toHaveURL(/\/conferenceDetailPage\?/);
    await expect(page.getByTestId('meeting-title')).toHaveText(w.name);
    await expect(page.getByTestId('meeting-status')).toHaveText(w.waiting);
    await expect(page.getByTestId('meeting-number')).toContainText('123 456 789');
    await expect(page.getByTestId('meeting-directory')).toContainText(chapter);
    await expect(page.getByTestId('meeting-stats')).toBeVisible();
    await expectPicture(page.getByTestId('meeting-cover'));
    await shot(page, `meetings-${lang}-03-teacher-detail`);

    // time passes: the meeting's hour comes (moved by the API, as the clock would)
    const [made] = (
      await api<{ list: Meeting[] }>(request, '/Futurev2/TencentMeeting/getMeetingList', { courseid: course.id }, teacher.token)
    ).list;
    expect(made!.cover).toBeGreaterThan(0);
    const now = Math.floor(Date.now() / 1000);
    await api(
      request,
      '/Futurev2/TencentMeeting/editMeeting',
      { ...made!, courseid: course.id, start_time: now - 60, end_time: now + 3600 },
      teacher.token,
    );

    // the student's course list labels the course "in meeting"; the course's meetings show it in progress
    await signIn(page, request, student);
    await page.goto('/ktpCourse');
    await expect(card(page, course.id).getByTestId('course-tag-class-state')).toHaveText(w.label);
    await expect(card(page, course.id).getByTestId('course-tag-class-state')).toHaveAttribute('data-state', 'inMeeting');
    await shot(page, `meetings-${lang}-04-student-course-list`);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    await page.getByTestId('home-menu-meeting').click();
    const row = page.locator(`[data-testid="meeting-row"][data-id="${made!.id}"]`);
    await expect(row.getByTestId('meeting-row-title')).toHaveText(w.name);
    await expect(row.getByTestId('meeting-status')).toHaveText(w.inProgress);
    await expect(page.getByTestId('meeting-new')).toHaveCount(0);
    await expectPicture(row.getByTestId('meeting-cover'));
    await shot(page, `meetings-${lang}-05-student-list`);
    await row.click();
    await expectPicture(page.getByTestId('meeting-cover'));
    await shot(page, `meetings-${lang}-05b-student-detail`);
    await expect(page.getByTestId('meeting-edit')).toHaveCount(0);
    await expect(page.getByTestId('meeting-stats')).toHaveCount(0);
    await page.getByTestId('meeting-go').click();
    await expect(page.getByTestId('meeting-go-state')).toHaveText(w.goState);
    await expect(page.getByTestId('meeting-open')).toHaveAttribute('href', 'https://meeting.tencent.com/dm/abc123');
    await shot(page, `meetings-${lang}-06-student-go`);

    // the teacher edits its name; the student sees the new one, and the teacher that the student went in
    await signIn(page, request, teacher);
    await page.goto(`/conferenceDetailPage?courseId=${course.id}&courseRole=1&id=${made!.id}`);
    await expect(page.getByTestId('meeting-stats')).toContainText('1');
    await page.getByTestId('meeting-edit').click();
    await expect(page).toHaveURL(/\/editConference\?/);
    await expect(page.getByTestId('meeting-title-input')).toHaveValue(w.name);
    await expectPicture(page.getByTestId('meeting-cover-preview'));
    await page.getByTestId('meeting-title-input').fill(w.edited);
    await shot(page, `meetings-${lang}-07-teacher-edit`);
    await page.getByTestId('meeting-submit').click();
    await expect(page.getByTestId('meeting-title')).toHaveText(w.edited);
    await expect(page.getByTestId('meeting-status')).toHaveText(w.inProgress);
    const after = await api<Meeting>(
      request,
      '/Futurev2/TencentMeeting/getMeetingDetail',
      { courseid: course.id, id: made!.id },
      student.token,
    );
    expect(after.title).toBe(w.edited);
    // the edit kept the cover
    expect(after.cover).toBe(made!.cover);
    expect(after.cover_url).toMatch(/^http/);
    await expectPicture(page.getByTestId('meeting-cover'));
    await shot(page, `meetings-${lang}-08-teacher-edited`);

    // the teacher removes the cover: the detail shows the placeholder
    await page.getByTestId('meeting-edit').click();
    await page.getByTestId('meeting-cover-remove').click();
    await expect(page.getByTestId('meeting-cover-preview')).toContainText(w.noCover);
    await page.getByTestId('meeting-submit').click();
    await expect(page).toHaveURL(/\/conferenceDetailPage\?/);
    await expect(page.getByTestId('meeting-cover')).toHaveAttribute('data-empty', '1');
    await shot(page, `meetings-${lang}-09-cover-removed`);
    const bare = await api<Meeting>(
      request,
      '/Futurev2/TencentMeeting/getMeetingDetail',
      { courseid: course.id, id: made!.id },
      teacher.token,
    );
    expect([bare.cover, bare.cover_url]).toEqual([0, '']);
  });
}
