import { emptyAnswer } from '../accounts/responses';
import { call, perMinute } from '../contract';
import { noInput } from '../wire';
import { attestAnswer, attestCodeAnswer, attestListAnswer, institutionListAnswer, teachClassListAnswer } from './responses';
import { attestInput, attestWhoInput, jigouIdInput, jigouSearchInput, relationTeachClassInput, teachClassInput } from './schemas';

/** The institutions calls (decision 026): each declared once; the server registers them, the web app calls them by name. */
export const institutionsCalls = {
  searchJigou: call({
    path: '/AttestApi/searchJigou',
    area: 'institutions',
    input: jigouSearchInput,
    output: institutionListAnswer,
    limit: perMinute(60),
  }),
  getAttestList: call({ path: '/AttestApi/getAttestList', area: 'institutions', input: noInput, output: attestListAnswer }),
  attest: call({
    path: '/AttestApi/attest',
    area: 'institutions',
    input: attestInput,
    output: attestAnswer,
    limit: perMinute(10),
  }),
  sendAttestCode: call({
    path: '/AttestApi/sendAttestCode',
    area: 'institutions',
    input: attestWhoInput,
    output: attestCodeAnswer,
    limit: perMinute(10),
  }),
  unbind: call({ path: '/AttestApi/unbind', area: 'institutions', input: jigouIdInput, output: emptyAnswer }),
  teachClass: call({ path: '/CourseApi/teachClass', area: 'institutions', input: teachClassInput, output: teachClassListAnswer }),
  relationTeachClass: call({
    path: '/CourseApi/relationTeachClass',
    area: 'institutions',
    input: relationTeachClassInput,
    output: teachClassListAnswer,
  }),
};
