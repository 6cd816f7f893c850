import { call } from '../contract';
import {
  answerDetailAnswer,
  exhibitionAnswer,
  interactAnswer,
  interactListAnswer,
  myResultsAnswer,
  pendingStepsAnswer,
  reviewAnswersAnswer,
  reviewedAnswer,
  slideQuestionsAnswer,
  stepAnswer,
  stepResultAnswer,
} from './responses';
import {
  answerDetailInput,
  answerMarkInput,
  exhibitInput,
  interactCreateInput,
  interactListInput,
  interactRef,
  myResultsInput,
  placeStepInput,
  stepAnswerInput,
  stepRef,
  stepStartInput,
} from './schemas';

/** The interact calls (decision 026): each declared once; the server registers them, the web app calls them by name. */
export const interactCalls = {
  create: call({ path: '/InteractApi/create', area: 'interact', input: interactCreateInput, output: interactAnswer }),
  lists: call({ path: '/InteractApi/lists', area: 'interact', input: interactListInput, output: interactListAnswer }),
  getInteract: call({ path: '/InteractApi/getInteract', area: 'interact', input: interactRef, output: interactAnswer }),
  getStepList: call({ path: '/InteractApi/getStepList', area: 'interact', input: interactRef, output: interactAnswer }),
  isExistJoinStepV2: call({
    path: '/InteractApi/isExistJoinStepV2',
    area: 'interact',
    input: interactListInput,
    output: pendingStepsAnswer,
  }),
  startStep: call({ path: '/InteractApi/startStep', area: 'interact', input: stepStartInput, output: stepAnswer }),
  closeStep: call({ path: '/InteractApi/closeStep', area: 'interact', input: stepRef, output: stepAnswer }),
  revealStep: call({ path: '/InteractApi/revealStep', area: 'interact', input: stepRef, output: stepAnswer }),
  answer: call({ path: '/InteractApi/answer', area: 'interact', input: stepAnswerInput, output: stepAnswer }),
  stepResult: call({ path: '/InteractApi/stepResult', area: 'interact', input: stepRef, output: stepResultAnswer }),
  subjectLists: call({
    path: '/InteractPPTApi/subjectLists',
    area: 'interact',
    input: interactRef,
    output: slideQuestionsAnswer,
  }),
  placeStep: call({ path: '/InteractPPTApi/placeStep', area: 'interact', input: placeStepInput, output: slideQuestionsAnswer }),
  reviewAnswers: call({ path: '/InteractApi/reviewAnswers', area: 'interact', input: stepRef, output: reviewAnswersAnswer }),
  markAnswer: call({ path: '/InteractApi/markAnswer', area: 'interact', input: answerMarkInput, output: reviewedAnswer }),
  exhibitAnswers: call({
    path: '/InteractApi/exhibitAnswers',
    area: 'interact',
    input: exhibitInput,
    output: reviewAnswersAnswer,
  }),
  exhibition: call({ path: '/InteractApi/exhibition', area: 'interact', input: stepRef, output: exhibitionAnswer }),
  myResults: call({ path: '/InteractApi/myResults', area: 'interact', input: myResultsInput, output: myResultsAnswer }),
  answerDetail: call({
    path: '/InteractApi/answerDetail',
    area: 'interact',
    input: answerDetailInput,
    output: answerDetailAnswer,
  }),
};
