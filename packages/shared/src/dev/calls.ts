import { lastCodeInput } from '../accounts/schemas';
import { call } from '../contract';
import { lastCodeAnswer, runDueJobsAnswer, runDueJobsInput } from './responses';

/** The dev calls (decision 026): each declared once; the server registers them, the web app calls them by name. */
export const devCalls = {
  lastCode: call({ path: '/DevApi/lastCode', area: 'dev', input: lastCodeInput, output: lastCodeAnswer, access: 'anyone' }),
  runDueJobs: call({
    path: '/DevApi/runDueJobs',
    area: 'dev',
    input: runDueJobsInput,
    output: runDueJobsAnswer,
    access: 'anyone',
  }),
};
