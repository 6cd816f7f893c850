import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { localAt } from '../materials/helpers';
import { pickDateTime } from '../dateTime';
import { joinedStudent } from '../members/helpers';
import { getHomework, ownerRows } from './helpers';

/*
 * Issue 12 (4): homework answered in text. A teacher makes a homework "written answer only" on the
 * homework form; the student's hand-in page shows the rich-text editor instead of the file picker,
 * refuses an empty answer, and takes a multi-line answer; the teacher reads it, lines kept, on the
 * grading page. In Chinese and in English, at 375 px.
 */

const WORDS = {
  zh: {
    title: '读后感：《乡土中国》',
    lines: ['第一段：差序格局像水波纹一样一圈圈推出去。', '第二段：礼治秩序不同于法治。', '第三段：我的家乡也是这样。'],
    answerType: '作答方式',
    textOnly: '文字作答',
    typeHint: '学生在提交页直接写文字作答，不收附件',
    empty: '这份作业以文字作答，请填写作答内容',
    confirm: '将提交你的文字作答。',
    submitted: '已提交',
    answerTitle: '文字作答',
  },
  en: {
    title: 'Response: Things Fall Apart',
    lines: [
      'Part one: Okonkwo fears weakness above all.',
      'Part two: the village changes with the missionaries.',
      'Part three: what the title means to me.',
    ],
    answerType: 'How students answer',
    textOnly: 'Written answer',
    typeHint: 'Students write their answer on the hand-in page; no attachments',
    empty: 'This homework is answered in text: write your answer',
    confirm: 'Your written answer will be handed in.',
    submitted: 'Submitted',
    answerTitle: 'Written answer',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`a text-only homework: made on the form, answered in several lines, read on the grading page (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const w = WORDS[lang];
    const teacher = await registerPerson(request, 1, lang === 'zh' ? '陈老师' : 'Ms Carter');
    if (lang === 'en') await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
    const course = await createCourse(request, teacher.token, {
      coursename: `${lang === 'zh' ? '大学语文' : 'Literature'} ${Date.now() % 100000}`,
    });
    const student = await joinedStudent(request, lang === 'zh' ? '刘思远' : 'Grace Lee', course.code);
    if (lang === 'en') await api(request, '/UserApi/setLanguage', { lang: 'en' }, student.token);

    // ---- the teacher makes the homework on the form, choosing "written answer"
    await signIn(page, request, teacher);
    await page.goto(`/addActivity/task?courseId=${course.id}&courseRole=1`);
    await expect(page.getByTestId('homework-form')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('hw-title').fill(w.title);
    await expect(page.getByText(w.answerType, { exact: true })).toBeVisible();
    await page.getByTestId('hw-answertype-2').click();
    await expect(page.getByTestId('hw-answertype-hint')).toHaveText(w.typeHint);
    await pickDateTime(page, 'hw-deadline', localAt(2));
    await page.getByTestId('hw-answertype-2').scrollIntoViewIfNeeded();
    await shot(page, `homework-text-${lang}-01-form`);
    await page.getByTestId('hw-submit').click();
    await expect(page.getByTestId('homework-title')).toHaveText(w.title);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    expect((await getHomework(request, teacher.token, course.id, id)).settings).toMatchObject({ answertype: 2 });

    // ---- the student's hand-in page: the editor, no file picker; an empty answer is refused
    await signIn(page, request, student);
    await page.goto(`/homework/stuWorkSubmit?courseId=${course.id}&courseRole=0&id=${id}`);
    await expect(page.getByTestId('work-submit-form')).toBeVisible();
    await expect(page.getByTestId('submit-answer')).toBeVisible();
    await expect(page.getByTestId('upload-pick')).toHaveCount(0);
    await page.getByTestId('submit-send').click();
    await expect(page.getByTestId('submit-answer-error')).toHaveText(w.empty);
    expect((await getHomework(request, student.token, course.id, id)).mine).toBeNull();

    // a multi-line answer, typed as a person types it (Enter between lines, a blank line before the last)
    await page.getByTestId('submit-answer').click();
    await page.keyboard.type(w.lines[0]);
    await page.keyboard.press('Enter');
    await page.keyboard.type(w.lines[1]);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type(w.lines[2]);
    await expect(page.getByTestId('submit-answer-error')).toHaveCount(0);
    await expect(page.getByTestId('submit-answer-count')).toContainText(String(w.lines.join('').length));
    await shot(page, `homework-text-${lang}-02-answer`);
    await page.getByTestId('submit-send').click();
    await expect(page.getByTestId('submit-confirm-dialog')).toContainText(w.confirm);
    await page.getByTestId('submit-confirm-confirm').click();
    await expect(page).toHaveURL(new RegExp(`/homework\\?courseId=${course.id}&courseRole=0&id=${id}$`));
    await expect(page.getByTestId('my-submission-state')).toHaveText(w.submitted);
    await expect(page.getByTestId('my-submission-answer')).toContainText(w.lines[2]);
    await expect(page.getByTestId('homework-answer-type')).toHaveText(w.textOnly);
    await shot(page, `homework-text-${lang}-03-submitted`);

    // ---- the teacher reads it on the grading page, each line on its own line
    const [row] = (await ownerRows(request, teacher.token, course.id, id)).filter((r) => r.submission);
    await signIn(page, request, teacher);
    await page.goto(`/homework/stuWorkDetail?courseId=${course.id}&courseRole=1&id=${id}&sid=${row!.submission!.sid}`);
    const body = page.getByTestId('work-answer-body');
    await expect(page.getByTestId('work-answer')).toContainText(w.answerTitle);
    await expect(body).toContainText(w.lines[0]);
    const text = await body.innerText();
    const lines = text.split('\n').filter((l) => l.trim());
    expect(lines).toEqual([...w.lines]);
    // the blank line typed before the last one is there too
    expect(text).toMatch(new RegExp(`${w.lines[1]}\\n\\s*\\n${w.lines[2].slice(0, 6)}`));
    await shot(page, `homework-text-${lang}-04-grading`);
  });
}
