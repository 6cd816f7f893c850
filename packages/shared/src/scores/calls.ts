import { z } from 'zod';
import { call, perMinute } from '../contract';
import { courseIdInput } from '../courses/schemas';
import { scoreDetailInput } from '../homework/schemas';
import { fileOutput, noInput } from '../wire';
import { scoreBookAnswer, scoreColumnEditAnswer, scoreDetailAnswer, scoreImportAnswer } from './responses';
import { addScoreColumnInput, columnScoresInput, editScoreColumnInput, scoreColumnRef, scoreWeightsInput } from './schemas';

/** The scores calls (decision 026): each declared once; the server registers them, the web app calls them by name. */
export const scoresCalls = {
  getScoreBook: call({ path: '/ScoreApi/getScoreBook', area: 'scores', input: courseIdInput, output: scoreBookAnswer }),
  scoreDetail: call({ path: '/ScoreApi/scoreDetail', area: 'scores', input: scoreDetailInput, output: scoreDetailAnswer }),
  setWeights: call({ path: '/ScoreApi/setWeights', area: 'scores', input: scoreWeightsInput, output: scoreBookAnswer }),
  addColumn: call({ path: '/ScoreApi/addColumn', area: 'scores', input: addScoreColumnInput, output: scoreColumnEditAnswer }),
  editColumn: call({ path: '/ScoreApi/editColumn', area: 'scores', input: editScoreColumnInput, output: scoreColumnEditAnswer }),
  deleteColumn: call({
    path: '/ScoreApi/deleteColumn',
    area: 'scores',
    input: scoreColumnRef,
    output: z.object({ id: z.number().int() }),
  }),
  setColumnScores: call({ path: '/ScoreApi/setColumnScores', area: 'scores', input: columnScoresInput, output: scoreBookAnswer }),
  exportScores: call({
    path: '/ScoreApi/exportScores',
    area: 'scores',
    input: courseIdInput,
    output: fileOutput,
    answersFile: true,
    limit: perMinute(20),
  }),
  importTemplate: call({
    path: '/ScoreApi/importTemplate',
    area: 'scores',
    input: courseIdInput,
    output: fileOutput,
    answersFile: true,
    limit: perMinute(20),
  }),
  importScores: call({
    path: '/ScoreApi/importScores',
    area: 'scores',
    transport: 'multipart',
    input: noInput,
    output: scoreImportAnswer,
    limit: perMinute(20),
  }),
};
