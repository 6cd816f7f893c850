import type { dupPersonAnswer, dupReportAnswer, recheckRulesAnswer, repeatAnswer } from '@paiclass/shared';
import type { z } from 'zod';

/** Shapes of the duplicate-check calls (docs/api.md "Homework", spec 2 §5, §6, §8), from the server's answer schemas. */

/** `recheckRules`: what is checked and how many views the caller has left. */
export type RecheckRules = z.output<typeof recheckRulesAnswer>;

/** A submission in the report; `earlier` 1 when it belongs to an earlier homework of the course. */
export type DupPerson = z.output<typeof dupPersonAnswer>;

/** `rechecking`: the report; `done` 0 while the background check is still running. */
export type DupReport = z.output<typeof dupReportAnswer>;
export type DupRow = DupReport['list'][number];
export type DupPair = DupReport['pairs'][number];

/** ok: text read; unsupported: no file of a readable format; failed: could not be read; pending: not read yet. */
export type DupFormat = DupRow['format'];

/** `repeat`: two submissions side by side with the passages they share. */
export type RepeatResult = z.output<typeof repeatAnswer>;
export type RepeatSide = RepeatResult['a'];

/** A matching passage: [start, end) character ranges into each side's text. */
export type Passage = RepeatResult['passages'][number];
