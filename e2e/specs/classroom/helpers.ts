import type { APIRequestContext } from '@playwright/test';
import { allowConversion, api, CONVERTED_WITHIN, expect } from '../../fixtures';
import { pdfOfPages, uploadSmall } from '../materials/helpers';

/** The titles of the pages of the graphs courseware the classroom journeys present. */
const GRAPH_PAGES = ['Graphs', 'Breadth first', 'Depth first', 'Shortest paths'];

/** Waits until an uploaded courseware is slides (the one-at-a-time conversion: CONVERTED_WITHIN). */
export async function slidesReady(request: APIRequestContext, interactid: number, token: string) {
  allowConversion();
  await expect
    .poll(async () => (await api<{ state: string }>(request, '/InteractPPTApi/listSlides', { interactid }, token)).state, {
      timeout: CONVERTED_WITHIN,
    })
    .toBe('ready');
}

/**
 * A courseware of `pages` pages (at most 4), converted, and an interactive answer of one single-choice
 * question with `seconds` to answer it, made through the API: the courseware's id, the interactive
 * answer's and its step's.
 */
export async function deckAndQuestion(
  request: APIRequestContext,
  token: string,
  courseid: number,
  pages: number,
  seconds: number,
) {
  const file = await uploadSmall(
    request,
    token,
    'graphs.pdf',
    'application/pdf',
    pdfOfPages(GRAPH_PAGES.slice(0, pages).map((title) => [title])),
  );
  const deck = await api<{ id: number }>(
    request,
    '/FutureV2/CourseMeans/addContent',
    { courseid, contenttype: 1, title: '第六章 图', fileids: [file.id] },
    token,
  );
  await slidesReady(request, deck.id, token);
  const q = await api<{ id: number }>(
    request,
    '/QuestionBankApi/addQuestion',
    {
      courseid,
      type: 2,
      difficulty: 1,
      title: '<p>广度优先搜索用哪种结构？</p>',
      options: ['栈', '队列', '堆', '树'],
      answer: 'B',
      score: 2,
    },
    token,
  );
  const item = await api<{ id: number }>(
    request,
    '/InteractApi/create',
    { courseid, title: '图的遍历', questionids: [q.id], seconds },
    token,
  );
  const got = await api<{ steps: { stepid: number }[] }>(request, '/InteractApi/getInteract', { interactid: item.id }, token);
  return { deck: deck.id, itemid: item.id, stepid: got.steps[0]!.stepid };
}

/**
 * The teacher closes the race. The race also closes by itself a moment after its first press, and
 * on a busy machine that may come first: then the refusal "no race in progress" (31208) is the
 * same outcome, and anything else still fails.
 */
export async function closeRace(request: APIRequestContext, token: string, courseid: number) {
  await api(request, '/Futurev2/Tools/closeRace', { courseid }, token).catch((e: Error) => {
    if (!/refused: 31208 /.test(e.message)) throw e;
  });
}
