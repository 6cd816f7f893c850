import { expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';

/*
 * Issue 12, item 2: what the author sees while editing is what everyone sees after publishing.
 * Chromium's editor makes a line per Enter as <div>line</div> (and <div><br></div> for a blank one);
 * the sanitiser once dropped those and ran the lines together.
 */

test('lines typed apart with Enter in the editor stay apart in the student’s published notice', async ({
  page,
  request,
  asTeacher,
}) => {
  test.setTimeout(180_000);
  const teacher = await asTeacher({ page: null });
  const teacherToken = teacher.token;
  const course = await createCourse(request, teacherToken, { coursename: `数据结构 ${Date.now() % 100000}` });
  const student = await joinedStudent(request, '孙雨桐', course.code);

  await signIn(page, request, teacher);
  await page.goto(`/addActivity/notice?courseId=${course.id}&courseRole=1`);
  await page.getByTestId('notice-title-input').fill('本周安排');
  await page.getByTestId('notice-editor').click();
  await page.keyboard.type('周三上午随堂测验');
  await page.keyboard.press('Enter');
  await page.keyboard.type('周五下午上机实验');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('带好学生证');
  // the editor holds Chromium's own markup for the three lines and the blank one
  const editorHtml = await page.getByTestId('notice-editor').innerHTML();
  expect(editorHtml).toContain('<div>周五下午上机实验</div>');
  expect(editorHtml).toContain('<div><br></div>');
  // biome-ignore lint/performance/useDomNodeTextContent: the line breaks as laid out are the point, which textContent drops
  const asTyped = await page.getByTestId('notice-editor').innerText();
  await page.getByTestId('notice-submit').click();
  await expect(page).toHaveURL(new RegExp(`/noticeDetail\\?id=\\d+&courseId=${course.id}&courseRole=1$`));
  const noticeId = Number(new URL(page.url()).searchParams.get('id'));

  // the student reads it: three lines, one under the other, with the blank line between
  await signIn(page, request, student);
  await page.goto(`/noticeDetail?id=${noticeId}&courseId=${course.id}&courseRole=0`);
  const body = page.getByTestId('notice-body');
  await expect(body).toContainText('带好学生证');
  // biome-ignore lint/performance/useDomNodeTextContent: as above, the lines as laid out
  const shown = await body.innerText();
  expect(shown).toMatch(/^周三上午随堂测验\n周五下午上机实验\n\n+带好学生证$/);
  // what the author saw while editing, line for line
  expect(shown).toBe(asTyped);
  // each line's text sits under the one before it, at the same left edge, the blank line a line high
  const lines = await body.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const out: { text: string; top: number; left: number; height: number }[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const box = range.getBoundingClientRect();
      out.push({ text: n.textContent, top: box.top, left: box.left, height: box.height });
    }
    return out;
  });
  expect(lines.map((l) => l.text)).toEqual(['周三上午随堂测验', '周五下午上机实验', '带好学生证']);
  const [first, second, third] = lines as [(typeof lines)[0], (typeof lines)[0], (typeof lines)[0]];
  expect(second.top).toBeGreaterThanOrEqual(first.top + first.height - 1);
  expect(third.top).toBeGreaterThanOrEqual(second.top + 2 * second.height - 2);
  expect(Math.abs(second.left - first.left)).toBeLessThan(2);
  expect(Math.abs(third.left - first.left)).toBeLessThan(2);
  await shot(page, 'notices-line-breaks-student');
});
