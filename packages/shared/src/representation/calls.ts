import { call } from '../contract';
import {
  barrageDetailAnswer,
  classNotesAnswer,
  classRecordListAnswer,
  starChangeAnswer,
  starLogAnswer,
  starStatisticsAnswer,
  studyAnalysisAnswer,
} from './responses';
import {
  classRecordInput,
  classTimeAnalysisInput,
  starAwardInput,
  starCourseInput,
  starLogInput,
  studyAnalysisInput,
} from './schemas';

/** The representation calls (decision 026): each declared once; the server registers them, the web app calls them by name. */
export const representationCalls = {
  addStar: call({
    path: '/Futurev2/Representation/addStar',
    area: 'representation',
    input: starAwardInput,
    output: starChangeAnswer,
  }),
  takeBackStar: call({
    path: '/Futurev2/Representation/takeBackStar',
    area: 'representation',
    input: starAwardInput,
    output: starChangeAnswer,
  }),
  starLog: call({ path: '/Futurev2/Representation/starLog', area: 'representation', input: starLogInput, output: starLogAnswer }),
  performanceStatistics: call({
    path: '/Futurev2/Representation/performanceStatistics',
    area: 'representation',
    input: starCourseInput,
    output: starStatisticsAnswer,
  }),
  lists: call({
    path: '/FutureV2/ClassRecord/lists',
    area: 'representation',
    input: classRecordInput,
    output: classRecordListAnswer,
  }),
  studyAnalysis: call({
    path: '/FutureV2/ClassRecord/studyAnalysis',
    area: 'representation',
    input: studyAnalysisInput,
    output: studyAnalysisAnswer,
  }),
  barrageDetail: call({
    path: '/FutureV2/ClassRecord/barrageDetail',
    area: 'representation',
    input: classTimeAnalysisInput,
    output: barrageDetailAnswer,
  }),
  classNotes: call({
    path: '/FutureV2/ClassRecord/classNotes',
    area: 'representation',
    input: classTimeAnalysisInput,
    output: classNotesAnswer,
  }),
};
