import { z } from 'zod';
import { INT_MAX } from '../wire';
import { testRef } from './schemas';

/**
 * Offline tests' scores (issue 14, decision 017): a test taken on paper, its scores typed by the
 * teacher or an assistant on the test (`/TestpaperApi/offlineScores`, `setOfflineScores`).
 */

/** students a single save may score */
export const OFFLINE_SCORES_MAX = 1000;

export const offlineMessages = {
  zh: {
    'validation.offlineScores': '请填写学生的分数',
    'validation.offlineStudent': '名单里有不是本课程学生的人',
    'validation.offlineScore': '分数须是 0 到 {max} 之间的数，最多一位小数',
    'validation.offlineScoreNumber': '分数须是数字',
    'errors.testOnline': '这是线上测试，分数按答卷评出，不能手动录入',
  },
  en: {
    'validation.offlineScores': 'Enter the students’ scores',
    'validation.offlineStudent': 'Someone on the list is not a student of the course',
    'validation.offlineScore': 'A score is a number from 0 to {max}, with one decimal at most',
    'validation.offlineScoreNumber': 'A score must be a number',
    'errors.testOnline': 'This test is taken online: its scores come from the papers, not typed in',
  },
} as const;

/** a score as sent: a number, a numeric text, or empty / null to clear it */
const scoreValue = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v.trim()) : v),
  z.number({ message: 'validation.offlineScoreNumber' }).finite({ message: 'validation.offlineScoreNumber' }).nullable(),
);
const row = z.object({
  uid: z.coerce.number({ message: 'validation.offlineStudent' }).int().positive().max(INT_MAX),
  score: scoreValue,
});

/** `/TestpaperApi/setOfflineScores`: `scores` a list (or its JSON text) of `{uid, score}`; a null score clears one */
export const offlineScoresInput = testRef.extend({
  scores: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z
      .array(row, { message: 'validation.offlineScores' })
      .min(1, { message: 'validation.offlineScores' })
      .max(OFFLINE_SCORES_MAX, { message: 'validation.offlineScores' }),
  ),
});
export type OfflineScoresInput = z.infer<typeof offlineScoresInput>;

const int = z.number().int();
/** the course's students with their typed scores (null: none yet) */
export const offlineScoresAnswer = z.object({
  testpaperid: int,
  title: z.string(),
  totalScore: z.number(),
  /** 1 when the scores reach students (released or published) */
  released: z.union([z.literal(0), z.literal(1)]),
  scored: int,
  list: z.array(z.object({ uid: int, username: z.string(), avatar: z.string(), stno: z.string(), score: z.number().nullable() })),
});
export type OfflineScores = z.infer<typeof offlineScoresAnswer>;
