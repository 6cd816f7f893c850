import type { APIRequestContext, Page } from '@playwright/test';
import { api, expect, seeded, test } from '../../fixtures';
import { shot } from '../accounts/screens';

/*
 * The personal centre's editors (issue 12; spec 1 §2 /infoModify, §5, §6), field by field, in Chinese
 * and English at 375 px: each refusal shows the spec's message and stores nothing; each accepted value
 * is what the server keeps (read back with /UserApi/getUserInfo) and shows on /myInfoDetail at once.
 */

const WORDS = {
  zh: {
    stnoShort: '请输入正确的学号',
    stnoEmpty: '学号不能为空',
    staffShort: '请输入正确的工号',
    classShort: '请输入正确的班级',
    departShort: '请输入正确的院系',
    lessonShort: '请输入正确的任教课程',
    grade: (n: number) => ['大一', '大二', '大三', '大四', '大五', '大六'][n - 1]!,
    year: (n: number) => `${n}年`,
    month: (n: number) => `${n}月`,
    enrollConfirm: '确认入学时间为 2019-03 吗？',
    className: '计科2302班',
    depart: '信息工程学院(二)',
    lessons: ['数据结构', '操作系统', '编译原理'],
    higherSearch: '计算机',
    comma: '、',
  },
  en: {
    stnoShort: 'Please enter a correct student number',
    stnoEmpty: 'Student number cannot be empty',
    staffShort: 'Please enter a correct staff number',
    classShort: 'Please enter a correct class',
    departShort: 'Please enter a correct department',
    lessonShort: 'Please enter a correct course name',
    grade: (n: number) => `Year ${n}`,
    year: (n: number) => `${n}`,
    month: (n: number) => new Intl.DateTimeFormat('en', { month: 'long' }).format(new Date(2000, n - 1, 1)),
    enrollConfirm: 'Set your enrolment month to March 2019?',
    className: 'CS Class 2',
    depart: 'Informatics(2)',
    lessons: ['Data Structures', 'Operating Systems', 'Compilers'],
    higherSearch: 'comput',
    comma: ', ',
  },
} as const;

interface Stored {
  stno: string;
  school: string;
  department: string;
  additionInfo: { classno: string; grade: string; enrolltime: string };
  teachcourse: string[];
  majors: { type: string; id: string; title: string }[];
}
const stored = (request: APIRequestContext, token: string) => api<Stored>(request, '/UserApi/getUserInfo', {}, token);

/** Opens a field's editor from /myInfoDetail, as a person taps its row. */
async function openEditor(page: Page, field: string) {
  await expect(page.getByTestId('my-info-page')).toBeVisible();
  await page.getByTestId(`info-row-${field}`).click();
  await expect(page).toHaveURL(new RegExp(`/infoModify\\?modify=${field}$`));
}

for (const lang of ['zh', 'en'] as const) {
  const w = WORDS[lang];

  test(`${lang}: a student edits number, school, class, enrolment month, grade and department`, async ({
    page,
    request,
    asStudent,
  }) => {
    test.setTimeout(150_000);
    const student = await asStudent({ lang, name: lang === 'zh' ? '钱同学' : 'Amy Qian' });
    await page.goto('/myInfoDetail');

    // student number: one character refused with the spec's message, nothing stored; empty likewise
    await openEditor(page, 'stno');
    await page.getByTestId('info-input').fill('7');
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-input-error')).toHaveText(w.stnoShort);
    await page.getByTestId('info-input').fill('');
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-input-error')).toHaveText(w.stnoEmpty);
    await shot(page, `editors-${lang}-01-stno-refused`);
    expect((await stored(request, student.token)).stno).toBe(student.stno);
    // the server refuses it the same way, whatever the page does
    const refused = await request.post('/UserApi/editUserInfo', { data: { stno: '7' }, headers: { token: student.token } });
    expect((await refused.json()).message).toBe(w.stnoShort);
    const stno = `S${Date.now() % 10_000_000}`;
    await page.getByTestId('info-input').fill(stno);
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-value-stno')).toHaveText(stno);
    expect((await stored(request, student.token)).stno).toBe(stno);

    // school: typed in part, chosen from the matching institutions
    const school = seeded().institutions[`demo-${lang}`]!.jigou;
    await openEditor(page, 'school');
    await page.getByTestId('info-input').fill(school.slice(0, 4));
    const option = page.getByTestId('school-option').filter({ hasText: school });
    await expect(option).toBeVisible();
    await shot(page, `editors-${lang}-02-school-picker`);
    await option.click();
    await expect(page.getByTestId('info-input')).toHaveValue(school);
    // the list closes once a school is picked, and Save moves up: it is pressed where it stays
    await expect(page.getByTestId('school-option')).toHaveCount(0);
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-value-school')).toHaveText(school);
    expect((await stored(request, student.token)).school).toBe(school);

    // class: one character refused, then kept
    await openEditor(page, 'class');
    await page.getByTestId('info-input').fill('2');
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-input-error')).toHaveText(w.classShort);
    expect((await stored(request, student.token)).additionInfo.classno).toBe('2301');
    await page.getByTestId('info-input').fill(w.className);
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-value-class')).toHaveText(w.className);
    expect((await stored(request, student.token)).additionInfo.classno).toBe(w.className);

    // enrolment month: the picker starts at 1990-01; a month chosen is confirmed in a dialog
    await openEditor(page, 'interSchoolTime');
    const columns = page.getByTestId('enroll-picker').locator('.adm-picker-view-column');
    await expect(columns).toHaveCount(2);
    await expect(columns.nth(0).locator('.adm-picker-view-column-item').first()).toHaveText(w.year(1990));
    await columns
      .nth(0)
      .locator('.adm-picker-view-column-item')
      .filter({ hasText: w.year(2019) })
      .dispatchEvent('click');
    await expect(page.getByTestId('enroll-picker')).toHaveAttribute('data-value', /^2019-/);
    await columns
      .nth(1)
      .locator('.adm-picker-view-column-item')
      .filter({ hasText: new RegExp(`^${w.month(3)}$`) })
      .dispatchEvent('click');
    await expect(page.getByTestId('enroll-picker')).toHaveAttribute('data-value', '2019-03');
    await page.waitForTimeout(800); // the wheels' scroll animation, for the screenshot only
    await shot(page, `editors-${lang}-03-enrol-month`);
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('enroll-confirm-dialog')).toContainText(w.enrollConfirm);
    await shot(page, `editors-${lang}-04-enrol-confirm`);
    await page.getByTestId('enroll-confirm-confirm').click();
    await expect(page.getByTestId('info-value-interSchoolTime')).toHaveText('2019-03');
    expect((await stored(request, student.token)).additionInfo.enrolltime).toBe('2019-03');
    // a month before 1990-01 is refused by the server too
    const early = await request.post('/UserApi/editUserInfo', {
      data: { enrolltime: '1989-12' },
      headers: { token: student.token },
    });
    expect((await early.json()).status).toBe(0);
    expect((await stored(request, student.token)).additionInfo.enrolltime).toBe('2019-03');

    // grade: the choices are 1 to 6
    await openEditor(page, 'grade');
    for (const g of [1, 2, 3, 4, 5, 6]) await expect(page.getByTestId(`grade-${g}`)).toHaveText(w.grade(g));
    await expect(page.getByTestId('grade-7')).toHaveCount(0);
    await page.getByTestId('grade-4').click();
    await shot(page, `editors-${lang}-05-grade`);
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-value-grade')).toHaveText(w.grade(4));
    expect((await stored(request, student.token)).additionInfo.grade).toBe('4');

    // department: characters outside the spec's set are dropped as typed, one character refused, at most 20
    await openEditor(page, 'depart');
    await page.getByTestId('info-input').fill('信');
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-input-error')).toHaveText(w.departShort);
    expect((await stored(request, student.token)).department).toBe('');
    await page.getByTestId('info-input').fill(`${w.depart.slice(0, 4)}#@!${w.depart.slice(4)}`);
    await expect(page.getByTestId('info-input')).toHaveValue(w.depart);
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-value-depart')).toHaveText(w.depart);
    expect((await stored(request, student.token)).department).toBe(w.depart);
    const marks = await request.post('/UserApi/editUserInfo', {
      data: { department: '信息#学院' },
      headers: { token: student.token },
    });
    expect((await marks.json()).status).toBe(0);
    expect((await stored(request, student.token)).department).toBe(w.depart);
    await shot(page, `editors-${lang}-06-student-profile`);

    // everything survives a reload: it was the server's answer, not the page's memory
    await page.reload();
    await expect(page.getByTestId('info-value-stno')).toHaveText(stno);
    await expect(page.getByTestId('info-value-school')).toHaveText(school);
    await expect(page.getByTestId('info-value-class')).toHaveText(w.className);
    await expect(page.getByTestId('info-value-interSchoolTime')).toHaveText('2019-03');
    await expect(page.getByTestId('info-value-grade')).toHaveText(w.grade(4));
  });

  test(`${lang}: a teacher edits staff number, taught courses and majors`, async ({ page, request, asTeacher }) => {
    test.setTimeout(120_000);
    const teacher = await asTeacher({ lang, name: lang === 'zh' ? '冯老师' : 'Mr Feng' });
    await page.goto('/myInfoDetail');
    // a teacher's rows: no class, grade or enrolment month
    await expect(page.getByTestId('info-row-lesson')).toBeVisible();
    await expect(page.getByTestId('info-row-grade')).toHaveCount(0);

    // staff number
    await openEditor(page, 'stno');
    await page.getByTestId('info-input').fill('T');
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-input-error')).toHaveText(w.staffShort);
    expect((await stored(request, teacher.token)).stno).toBe('');
    await page.getByTestId('info-input').fill('T20260042');
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-value-stno')).toHaveText('T20260042');
    expect((await stored(request, teacher.token)).stno).toBe('T20260042');

    // taught courses: a one-character name refused, three added, one removed, saved together
    await openEditor(page, 'lesson');
    await expect(page.getByTestId('lesson-empty')).toBeVisible();
    await page.getByTestId('lesson-input').fill('C');
    await page.getByTestId('lesson-add').click();
    await expect(page.getByTestId('lesson-input-error')).toHaveText(w.lessonShort);
    for (const name of w.lessons) {
      await page.getByTestId('lesson-input').fill(name);
      await page.getByTestId('lesson-add').click();
    }
    await expect(page.getByTestId('lesson-item')).toHaveCount(3);
    await page.getByTestId('lesson-item').filter({ hasText: w.lessons[1] }).getByTestId('lesson-remove').click();
    await expect(page.getByTestId('lesson-item')).toHaveCount(2);
    await shot(page, `editors-${lang}-07-lessons`);
    expect((await stored(request, teacher.token)).teachcourse).toEqual([]);
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-value-lesson')).toHaveText(`${w.lessons[0]}${w.comma}${w.lessons[2]}`);
    expect((await stored(request, teacher.token)).teachcourse).toEqual([w.lessons[0], w.lessons[2]]);

    // majors: one from each catalogue tab (higher found by search), one typed by hand and cut at 12
    await openEditor(page, 'major');
    await expect(page.getByTestId('major-empty')).toBeVisible();
    await page.getByTestId('major-add').click();
    await page.getByTestId('major-popup').locator('input[type="search"], .adm-search-bar input').fill(w.higherSearch);
    const higher = page.getByTestId('major-option').first();
    const higherTitle = (await higher.textContent())!.trim();
    expect(higherTitle.toLowerCase()).toContain(w.higherSearch.toLowerCase());
    await shot(page, `editors-${lang}-08-major-search`);
    await higher.click();
    await page.getByTestId('major-add').click();
    await page.getByTestId('major-tab-2').click();
    await page.getByTestId('major-option').first().click();
    await page.getByTestId('major-add').click();
    await page.getByTestId('major-tab-3').click();
    await page.getByTestId('major-option').first().click();
    await page.getByTestId('major-add').click();
    await page.getByTestId('major-tab-0').click();
    const typed = '海洋渔业科学与技术专业方向研究';
    await page.getByTestId('major-manual-input').fill(typed);
    await expect(page.getByTestId('major-manual-input')).toHaveValue([...typed].slice(0, 12).join(''));
    await shot(page, `editors-${lang}-09-major-manual`);
    await page.getByTestId('major-manual-add').click();
    await expect(page.getByTestId('major-item')).toHaveCount(4);
    await shot(page, `editors-${lang}-10-majors`);
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-value-major')).toContainText(higherTitle);
    await expect(page.getByTestId('info-value-major')).toContainText([...typed].slice(0, 12).join(''));
    const majors = (await stored(request, teacher.token)).majors;
    expect(majors.map((m) => m.type)).toEqual(['1', '2', '3', '0']);
    expect(majors[3]).toEqual({ type: '0', id: '', title: [...typed].slice(0, 12).join('') });
    // a longer manual major sent straight to the server is refused, not cut there
    const long = await request.post('/UserApi/editUserInfo', {
      data: { majors: [{ type: '0', id: '', title: typed }] },
      headers: { token: teacher.token },
    });
    expect((await long.json()).status).toBe(0);
    expect((await stored(request, teacher.token)).majors).toHaveLength(4);
    await shot(page, `editors-${lang}-11-teacher-profile`);
  });
}
