import type { BankFileFormat, copyQuestionsAnswer, copyTargetsAnswer, questionImportAnswer } from '@paiclass/shared';
import { examsCalls } from '@paiclass/shared';
import type { z } from 'zod';
import { call, callFile } from '../../lib/api';

export type QuestionImport = z.output<typeof questionImportAnswer>;
export type CopyTargets = z.output<typeof copyTargetsAnswer>;
export type CopiedQuestions = z.output<typeof copyQuestionsAnswer>;

/**
 * Importing, exporting and copying bank questions (docs/api.md "Importing, exporting and copying
 * questions"). Files come back as their bytes (not an envelope); a refusal still throws its message.
 */
export const bankIoApi = {
  /** the whole bank, or the questions named */
  exportQuestions: (courseid: number, format: BankFileFormat, ids: number[] = []) =>
    callFile(examsCalls.exportQuestions, { courseid, format, ids }, `questions.${format}`),
  template: (courseid: number, format: BankFileFormat) =>
    callFile(examsCalls.questionTemplate, { courseid, format }, `question-template.${format}`),
  /** a filled template; nothing is written when any question is wrong */
  importQuestions: (courseid: number, file: File) => {
    const form = new FormData();
    form.append('courseid', String(courseid));
    form.append('file', file, file.name);
    return call(examsCalls.importQuestions, form);
  },
  copyTargets: (courseid: number) => call(examsCalls.copyTargets, { courseid }),
  copyQuestions: (courseid: number, ids: number[], tocourseid: number) =>
    call(examsCalls.copyQuestions, { courseid, ids, tocourseid }),
};
