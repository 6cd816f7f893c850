import { schoolConfigAnswer } from '../accounts/responses';
import { call } from '../contract';
import { noInput } from '../wire';

/** The school calls (decision 026): each declared once; the server registers them, the web app calls them by name. */
export const schoolCalls = {
  getConfig: call({ path: '/SchoolApi/getConfig', area: 'school', input: noInput, output: schoolConfigAnswer, access: 'anyone' }),
};
