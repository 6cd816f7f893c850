import { accountsCalls } from './accounts/calls';
import { adminCalls } from './admin/calls';
import { attendanceCalls } from './attendance/calls';
import { barrageCalls } from './barrage/calls';
import { chatCalls } from './chat/calls';
import { classtimeCalls } from './classtime/calls';
import { commerceCalls } from './commerce/calls';
import { contentCalls } from './content/calls';
import type { CallSpec } from './contract';
import { coursesCalls } from './courses/calls';
import { coursewareCalls } from './courseware/calls';
import { devCalls } from './dev/calls';
import { examsCalls } from './exams/calls';
import { filesCalls } from './files/calls';
import { homeworkCalls } from './homework/calls';
import { institutionsCalls } from './institutions/calls';
import { interactCalls } from './interact/calls';
import { liveCalls } from './live/calls';
import { meetingsCalls } from './meetings/calls';
import { noticesCalls } from './notices/calls';
import { representationCalls } from './representation/calls';
import { schoolCalls } from './school/calls';
import { scoresCalls } from './scores/calls';
import { speakCalls } from './speak/calls';

/**
 * Every call of the contract (decision 026), by area: what the server registers, OpenAPI describes,
 * the fuzz suite and the role matrix walk and spec coverage counts. A new area adds its declarations
 * here. `dev` is registered only outside production.
 */
export const contract = {
  accounts: accountsCalls,
  admin: adminCalls,
  attendance: attendanceCalls,
  barrage: barrageCalls,
  chat: chatCalls,
  classtime: classtimeCalls,
  commerce: commerceCalls,
  content: contentCalls,
  courses: coursesCalls,
  courseware: coursewareCalls,
  dev: devCalls,
  exams: examsCalls,
  files: filesCalls,
  homework: homeworkCalls,
  institutions: institutionsCalls,
  interact: interactCalls,
  live: liveCalls,
  meetings: meetingsCalls,
  notices: noticesCalls,
  representation: representationCalls,
  school: schoolCalls,
  scores: scoresCalls,
  speak: speakCalls,
} satisfies Record<string, Record<string, CallSpec>>;

/** Every declared call, flattened. */
export const allCalls = (): CallSpec[] => Object.values(contract).flatMap((area) => Object.values(area));
