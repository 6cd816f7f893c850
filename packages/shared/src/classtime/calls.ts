import { call } from '../contract';
import { courseIdInput } from '../courses/schemas';
import { gotoPageInput, pagingInput, pptPageAnswer, presentationAnswer, presentInput } from './presenting';
import { classTimeAnswer, classTimeListAnswer } from './responses';

/** The classtime calls (decision 026): each declared once; the server registers them, the web app calls them by name. */
export const classtimeCalls = {
  classTimeStatus: call({
    path: '/Futurev2/AttendClass/classTimeStatus',
    area: 'classtime',
    input: courseIdInput,
    output: classTimeAnswer,
  }),
  beginClass: call({
    path: '/Futurev2/AttendClass/beginClass',
    area: 'classtime',
    input: courseIdInput,
    output: classTimeAnswer,
  }),
  overClass: call({ path: '/Futurev2/AttendClass/overClass', area: 'classtime', input: courseIdInput, output: classTimeAnswer }),
  getClassList: call({ path: '/Classtime/getClassList', area: 'classtime', input: courseIdInput, output: classTimeListAnswer }),
  listSlides: call({
    path: '/InteractWithScreenApi/listSlides',
    area: 'classtime',
    input: courseIdInput,
    output: presentationAnswer,
  }),
  present: call({ path: '/InteractWithScreenApi/present', area: 'classtime', input: presentInput, output: presentationAnswer }),
  gotoPage: call({ path: '/InteractWithScreenApi/gotoPage', area: 'classtime', input: gotoPageInput, output: pptPageAnswer }),
  setPaging: call({
    path: '/InteractWithScreenApi/setPaging',
    area: 'classtime',
    input: pagingInput,
    output: presentationAnswer,
  }),
  stop: call({ path: '/InteractWithScreenApi/stop', area: 'classtime', input: courseIdInput, output: presentationAnswer }),
};
