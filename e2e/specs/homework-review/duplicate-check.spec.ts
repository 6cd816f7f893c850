import type { APIRequestContext } from '@playwright/test';
import { type Account, api, expect, runDueJobs, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';
import { addHomework, submitFile, textFile, withData } from './helpers';

/*
 * Duplicate checking (spec 2 §2 /homework/rechecking, repeat, recheckRules; §5 view chances; §8
 * messages; issue #5): five students hand in, two of them nearly the same text, one a .zip; the
 * report flags the pair and says the .zip cannot be checked; the side-by-side view marks the same
 * passages in both texts. A report version or a pair takes a view only the first time it is opened,
 * after the page has said what it costs; reloads and going back are free; used-up views say so.
 */

const ORIGINAL =
  '学习数据结构这门课以后，我最大的体会是，程序的效率往往不取决于代码写得多么巧妙，而取决于数据的组织方式。' +
  '以查找为例，如果把数据放在无序数组里，每次查找都要从头到尾扫描一遍，数据量一大就非常慢；而换成平衡二叉搜索树或者哈希表，查找的时间就能降到对数级甚至常数级。\n\n' +
  '课程中让我印象最深的是图的遍历。深度优先搜索像一个执着的探险者，沿着一条路走到尽头再回头；广度优先搜索则像水面上的涟漪，一圈一圈向外扩散。' +
  '理解了这两种思路以后，迷宫求解、社交网络中的好友推荐、网页爬虫等问题都变得清晰起来。\n\n' +
  '此外，动态规划的思想也让我受益匪浅，它教会我把大问题拆成相互重叠的小问题，并把已经算过的结果保存下来，避免重复计算。今后我打算多做练习，把这些方法真正用到实际项目中去。';

/** The same essay with light edits: a few words changed, a sentence added. */
const COPY = ORIGINAL.replace('我最大的体会是', '我最深的体会是')
  .replace('就非常慢', '就特别慢')
  .replace('课程中让我印象最深的是图的遍历。', '课程中让我印象最深的是图的遍历，老师在课堂上也反复强调了这一点。')
  .replace('今后我打算多做练习', '以后我准备多做习题');

const OTHER_1 =
  '城市垃圾分类已经推行了好几年，但在我们小区，真正做到分类投放的家庭仍然不多。为了弄清原因，我和同学利用周末做了一次问卷调查，一共收回了一百二十份有效问卷。' +
  '结果显示，超过一半的居民表示分类标准太复杂，记不住哪些属于可回收物，哪些属于有害垃圾；也有不少老人反映，垃圾桶离楼门太远，提着几袋垃圾走过去很不方便。\n\n' +
  '针对这些问题，我们提出了三条建议：第一，在每个投放点张贴图文并茂的分类指南；第二，由志愿者在早晚高峰时段现场指导；第三，适当增加投放点的数量，并在雨天提供遮挡。' +
  '这次实践让我认识到，一项好的政策要真正落地，离不开细致的宣传和贴心的服务。';

const OTHER_2 =
  '最近读完了《平凡的世界》，书中孙少平的经历让我久久不能平静。他出身贫寒，却从来没有放弃读书，在黄原揽工的日子里，白天背石头，晚上借着微弱的灯光读历史和文学。' +
  '后来他成为一名煤矿工人，在井下经历了生死考验，却依然保持着对生活的热爱。\n\n' +
  '作者路遥用朴素的语言描绘了上世纪七八十年代陕北农村的变迁，也写出了普通人在时代浪潮中的挣扎与坚守。读这本书的时候，我常常想起自己的祖父，他年轻时也曾在村里教书，后来又到城里打工。' +
  '合上书本，我更加珍惜现在的学习条件，也更加明白努力本身就有意义。';

interface Report {
  done: number;
  opened: number;
  left: number;
  list: { sid: number; format: string; highest: number; flagged: number; highestwith: { sid: number } | null }[];
  pairs: { a: { sid: number }; b: { sid: number }; similarity: number }[];
}

/**
 * Runs the homework's background check now (it is queued 3 s after a hand-in; the development call
 * runs it at once), then asks until the report says it has finished (asking costs no view).
 */
async function checked(request: APIRequestContext, token: string, courseid: number, id: number) {
  await runDueJobs(request, { contentid: id, kind: 'homework.dupcheck', ahead: 60 });
  await expect
    .poll(async () => (await api<Report>(request, '/HomeworkApi/rechecking', { courseid, id, open: 0 }, token)).done, {
      timeout: 30_000,
      intervals: [1_000],
    })
    .toBe(1);
}

test.describe('duplicate checking', () => {
  test('the report flags a lightly edited copy, says a .zip cannot be checked, and marks the same passages side by side', async ({
    page,
    request,
    newCourse,
  }) => {
    test.setTimeout(240_000);
    const course = await newCourse({
      fields: { coursename: `数据结构 ${Date.now() % 100000}`, classname: '计科 2302 班' },
      students: ['周文博', '吴思琪', '郑浩然', '王雨桐', '冯嘉乐'],
    });
    const { teacher } = course;
    const teacherToken = teacher.token;
    const [zhou, wu, zheng, wang, feng] = course.students as [Account, Account, Account, Account, Account];
    const hw = await addHomework(request, teacherToken, {
      courseid: course.id,
      title: '课程学习心得',
      endtime: Math.floor(Date.now() / 1000) + 86_400,
      dupcheck: 1,
      dupceiling: 40,
    });

    // the teacher reads the rules first: formats, ceiling and ten report views
    await signIn(page, request, teacher);
    await page.goto(`/homework/recheckRules?courseId=${course.id}&id=${hw.id}&courseRole=1`);
    await expect(page.getByTestId('page-title')).toHaveText('查重规则');
    await expect(page.getByTestId('recheck-formats')).toHaveText('txtmddocxpdf');
    await expect(page.getByTestId('recheck-rules-ceiling')).toHaveText('40%');
    await expect(page.getByTestId('recheck-views-left')).toHaveText('剩 10/10');
    await expect(page.getByTestId('recheck-document-views')).toHaveText('5 次');
    await shot(page, 'recheck-01-rules');

    const sid = new Map<number, number>();
    const hand = async (s: Account, file: { name: string; mimeType: string; buffer: Buffer }) =>
      sid.set(s.uid, (await submitFile(request, s.token, course.id, hw.id, file)).sid);
    await hand(zhou, textFile('学习心得.txt', ORIGINAL));
    await hand(wu, textFile('心得体会.txt', COPY));
    await hand(zheng, textFile('社会实践.txt', OTHER_1));
    await hand(wang, textFile('读书笔记.txt', OTHER_2));
    await hand(feng, {
      name: '心得.zip',
      mimeType: 'application/zip',
      buffer: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(60, 7)]),
    });

    // straight after the last submission the background check has not run yet
    await page.getByTestId('recheck-open-report').click();
    await expect(page).toHaveURL(new RegExp(`/homework/rechecking\\?courseId=${course.id}&id=${hw.id}&courseRole=1$`));
    await expect(page.getByTestId('recheck-homework-title')).toHaveText('课程学习心得');
    await expect(page.getByTestId('recheck-checking')).toContainText('正在查重');
    // waiting for a running check uses no view
    await expect(page.getByTestId('recheck-views-left')).toHaveText('剩 10/10');
    await shot(page, 'recheck-02-checking');

    // the check runs (now, instead of 3 s after the last hand-in), and a refresh brings it: only the
    // finished report uses a view
    await checked(request, teacherToken, course.id, hw.id);
    await page.getByTestId('recheck-refresh').click();
    // finished: before anything is spent the page says what opening costs and the views left
    await expect(page.getByTestId('recheck-gate')).toBeVisible();
    await expect(page.getByTestId('recheck-gate-text')).toContainText('用掉 1 次报告查看机会');
    await expect(page.getByTestId('recheck-views-left')).toHaveText('剩 10/10');
    await expect(page.getByTestId('recheck-gate-open')).toContainText('打开后剩 9 次');
    await expect(page.getByTestId('recheck-pair')).toHaveCount(0);
    await shot(page, 'recheck-02b-gate');
    // reloading the question costs nothing
    await page.reload();
    await expect(page.getByTestId('recheck-gate')).toBeVisible();
    await expect(page.getByTestId('recheck-views-left')).toHaveText('剩 10/10');
    await page.getByTestId('recheck-gate-open').click();
    await expect(page.getByTestId('recheck-done')).toBeVisible();
    await expect(page.getByTestId('recheck-views-left')).toHaveText('剩 9/10');
    // the opened version again (a reload, the call itself) costs nothing
    await page.reload();
    await expect(page.getByTestId('recheck-done')).toBeVisible();
    await expect(page.getByTestId('recheck-gate')).toHaveCount(0);
    await expect(page.getByTestId('recheck-views-left')).toHaveText('剩 9/10');

    // the pair is flagged, red, over the ceiling
    const pair = page.getByTestId('recheck-pair');
    await expect(pair).toHaveCount(1);
    await expect(pair.getByTestId('recheck-pair-a')).toHaveText('周文博');
    await expect(pair.getByTestId('recheck-pair-b')).toHaveText('吴思琪');
    await expect(page.getByTestId('recheck-flagged-count')).toHaveText('1');
    const zhouRow = withData(page, 'recheck-row', 'sid', sid.get(zhou.uid)!);
    await expect(zhouRow.getByTestId('recheck-row-flagged')).toHaveText('超过上限');
    await expect(zhouRow.getByTestId('recheck-row-bar')).toHaveAttribute('data-tone', 'high');
    await expect(zhouRow.getByTestId('recheck-row-with')).toContainText('吴思琪');
    // the originals are not flagged; the .zip says its format is not supported
    for (const s of [zheng, wang]) {
      const row = withData(page, 'recheck-row', 'sid', sid.get(s.uid)!);
      await expect(row.getByTestId('recheck-row-flagged')).toHaveCount(0);
      await expect(row).toHaveAttribute('data-format', 'ok');
    }
    const zipRow = withData(page, 'recheck-row', 'sid', sid.get(feng.uid)!);
    await expect(zipRow.getByTestId('recheck-row-format')).toHaveText('文件格式不支持查重');
    await expect(zipRow).toHaveAttribute('data-format', 'unsupported');
    const report = await api<Report>(request, '/HomeworkApi/rechecking', { courseid: course.id, id: hw.id }, teacherToken);
    expect(report).toMatchObject({ opened: 1, left: 9 });
    expect(report.pairs).toHaveLength(1);
    expect(report.pairs[0]!.similarity).toBeGreaterThanOrEqual(40);
    await zipRow.scrollIntoViewIfNeeded();
    await shot(page, 'recheck-03-report');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'recheck-04-report-top');

    // side by side: the same passages marked in both texts
    await pair.click();
    await expect(page).toHaveURL(
      new RegExp(
        `/homework/repeat\\?courseId=${course.id}&id=${hw.id}&sid=${sid.get(zhou.uid)}&other=${sid.get(wu.uid)}&courseRole=1$`,
      ),
    );
    // the pair is not opened yet: its similarity, what opening costs and the document's views left
    await expect(page.getByTestId('recheck-gate')).toBeVisible();
    await expect(page.getByTestId('recheck-gate-text')).toHaveText(
      '打开 周文博 与 吴思琪 的对比会用掉 周文博 这份作品的 1 次对比机会；之后再打开不再计次。',
    );
    await expect(page.getByTestId('recheck-views-left')).toHaveText('剩 5/5');
    await expect(page.getByTestId('repeat-text-a')).toHaveCount(0);
    await shot(page, 'recheck-05a-pair-gate');
    await page.getByTestId('recheck-gate-open').click();
    await expect(page.getByTestId('repeat-name-a')).toHaveText('周文博');
    await expect(page.getByTestId('repeat-name-b')).toHaveText('吴思琪');
    await expect(page.getByTestId('recheck-views-left')).toHaveText('剩 4/5');
    // back to the report and into the pair again: both free
    await page.getByTestId('nav-back').click();
    await expect(page.getByTestId('recheck-done')).toBeVisible();
    await expect(page.getByTestId('recheck-views-left')).toHaveText('剩 9/10');
    await pair.click();
    await expect(page.getByTestId('repeat-name-a')).toHaveText('周文博');
    await expect(page.getByTestId('recheck-views-left')).toHaveText('剩 4/5');
    const marksA = page.getByTestId('repeat-text-a').locator('mark');
    const marksB = page.getByTestId('repeat-text-b').locator('mark');
    expect(await marksA.count()).toBeGreaterThan(1);
    expect(await marksB.count()).toBeGreaterThan(1);
    const passages = await page.getByTestId('repeat-passage').count();
    expect(passages).toBeGreaterThan(1);
    const passageText = async (side: 'a' | 'b', i: number) =>
      (await page.getByTestId(`repeat-text-${side}`).locator(`mark[data-passages~="${i}"]`).allTextContents()).join('');
    for (let i = 0; i < passages; i++) {
      const a = await passageText('a', i);
      expect(a.length).toBeGreaterThan(7);
      expect(await passageText('b', i)).toBe(a);
    }
    // the edits are where the marks stop: the changed words are never marked
    expect((await marksB.allTextContents()).join('')).not.toContain('最深的体会');
    await expect(page.getByTestId('repeat-text-b')).toContainText('老师在课堂上也反复强调了这一点');
    await shot(page, 'recheck-05-side-by-side');

    // jump between passages: the second one becomes the current one in both texts
    await page.getByTestId('repeat-next').click();
    await page.getByTestId('repeat-next').click();
    await expect(page.getByTestId('repeat-position')).toHaveText(`第 2 / ${passages} 处`);
    await expect(page.getByTestId('repeat-text-a').locator('mark.is-active').first()).toBeInViewport();
    await expect(page.getByTestId('repeat-text-b').locator('mark.is-active')).not.toHaveCount(0);
    await shot(page, 'recheck-06-second-passage');

    // on a large screen the texts stand in two columns
    await page.setViewportSize({ width: 1280, height: 800 });
    // (asked until the page has laid itself out again at the new width)
    const sideBySide = async () => {
      const boxA = (await page.getByTestId('repeat-column-a').boundingBox())!;
      const boxB = (await page.getByTestId('repeat-column-b').boundingBox())!;
      return boxB.x > boxA.x + boxA.width - 1 && Math.abs(boxA.y - boxB.y) < 2;
    };
    await expect.poll(sideBySide).toBe(true);
    await shot(page, 'recheck-07-two-columns');
    await page.setViewportSize({ width: 375, height: 812 });

    // each resubmission of 吴思琪 makes a new version of the pair (and of the report): each costs a view once
    const repeatBody = { courseid: course.id, id: hw.id, sid: sid.get(zhou.uid), other: sid.get(wu.uid) };
    for (let version = 2; version <= 6; version++) {
      await submitFile(request, wu.token, course.id, hw.id, textFile('心得体会.txt', `${COPY}\n\n修改第 ${version} 稿。`));
      await checked(request, teacherToken, course.id, hw.id);
      if (version === 6) break;
      // versions 2 to 5 opened elsewhere: the document's five views are all used
      expect(await api<{ left: number }>(request, '/HomeworkApi/repeat', repeatBody, teacherToken)).toMatchObject({
        opened: 1,
        left: 5 - version,
      });
    }
    // the sixth version: no view left to open it; the page says so without offering to open
    await page.reload();
    await expect(page.getByTestId('recheck-gate-used-up')).toBeVisible();
    await expect(page.getByTestId('recheck-gate-text')).toHaveText(
      '周文博 这份作品的对比机会已经用完，无法打开这组对比。打开过的对比仍可查看。',
    );
    await expect(page.getByTestId('recheck-views-left')).toHaveText('剩 0/5');
    await expect(page.getByTestId('recheck-gate-open')).toHaveCount(0);
    await shot(page, 'recheck-08-views-used-up');
    // the report is a new version too: it asks again, with the report's own views
    await page.goto(`/homework/rechecking?courseId=${course.id}&id=${hw.id}&courseRole=1`);
    await expect(page.getByTestId('recheck-gate')).toBeVisible();
    await expect(page.getByTestId('recheck-views-left')).toHaveText('剩 9/10');
    // the report's views left are counted the same on the rules page
    await page.goto(`/homework/recheckRules?courseId=${course.id}&id=${hw.id}&courseRole=1`);
    await expect(page.getByTestId('recheck-views-left')).toHaveText('剩 9/10');
  });

  test('in English: the report asks before a view is used, and a reload costs nothing', async ({ page, request }) => {
    test.setTimeout(120_000);
    const teacher = await registerPerson(request, 1, 'Grace Hopper');
    await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
    const course = await createCourse(request, teacher.token, { coursename: 'Algorithms', classname: 'CS 2305' });
    const ada = await joinedStudent(request, 'Ada Byron', course.code);
    const alan = await joinedStudent(request, 'Alan Turing', course.code);
    const hw = await addHomework(request, teacher.token, {
      courseid: course.id,
      title: 'What I learned',
      endtime: Math.floor(Date.now() / 1000) + 86_400,
      dupcheck: 1,
      dupceiling: 40,
    });
    await submitFile(request, ada.token, course.id, hw.id, textFile('essay.txt', ORIGINAL));
    await submitFile(request, alan.token, course.id, hw.id, textFile('essay.txt', COPY));
    await checked(request, teacher.token, course.id, hw.id);

    await signIn(page, request, teacher);
    await page.goto(`/homework/rechecking?courseId=${course.id}&id=${hw.id}&courseRole=1`);
    await expect(page.getByTestId('page-title')).toHaveText('Duplicate check');
    await expect(page.getByTestId('recheck-gate')).toContainText('Open the report');
    await expect(page.getByTestId('recheck-gate-text')).toContainText('uses one report view');
    await expect(page.getByTestId('recheck-views-left')).toHaveText('10/10 left');
    await expect(page.getByTestId('recheck-gate-open')).toContainText('9 left after opening');
    await shot(page, 'recheck-en-01-gate');
    await page.getByTestId('recheck-gate-open').click();
    await expect(page.getByTestId('recheck-pair')).toHaveCount(1);
    await expect(page.getByTestId('recheck-views-left')).toHaveText('9/10 left');
    await page.reload();
    await expect(page.getByTestId('recheck-pair')).toHaveCount(1);
    await expect(page.getByTestId('recheck-views-left')).toHaveText('9/10 left');
    await shot(page, 'recheck-en-02-report-after-reload');
    await page.getByTestId('recheck-pair').click();
    await expect(page.getByTestId('recheck-gate-text')).toHaveText(
      "Opening Ada Byron and Alan Turing side by side uses one of Ada Byron's comparisons; opening it again later is free.",
    );
    await expect(page.getByTestId('recheck-views-left')).toHaveText('5/5 left');
    await shot(page, 'recheck-en-03-pair-gate');
  });
});
