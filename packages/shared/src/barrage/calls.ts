import { z } from 'zod';
import { call, perMinute } from '../contract';
import {
  barrageConfigAnswer,
  barrageItem,
  barrageListAnswer,
  barrageSwitchAnswer,
  barrageVipCountAnswer,
  currentRaceAnswer,
  raceAnswer,
  raceJoinAnswer,
} from './responses';
import {
  barrageCourseInput,
  barrageDeleteInput,
  barrageListInput,
  barrageSendInput,
  barrageSwitchInput,
  raceJoinInput,
} from './schemas';

/** The barrage calls (decision 026): each declared once; the server registers them, the web app calls them by name. */
export const barrageCalls = {
  lists: call({ path: '/FutureV2/Barrage/lists', area: 'barrage', input: barrageListInput, output: barrageListAnswer }),
  getConfig: call({
    path: '/FutureV2/Barrage/getConfig',
    area: 'barrage',
    input: barrageCourseInput,
    output: barrageConfigAnswer,
  }),
  getVIPBarrageUseCount: call({
    path: '/FutureV2/Barrage/getVIPBarrageUseCount',
    area: 'barrage',
    input: barrageCourseInput,
    output: barrageVipCountAnswer,
  }),
  sendBarrage: call({
    path: '/FutureV2/Barrage/sendBarrage',
    area: 'barrage',
    input: barrageSendInput,
    output: barrageItem,
    limit: perMinute(60),
  }),
  setStatus: call({
    path: '/FutureV2/Barrage/setStatus',
    area: 'barrage',
    input: barrageSwitchInput,
    output: barrageSwitchAnswer,
  }),
  delBarrage: call({
    path: '/FutureV2/Barrage/delBarrage',
    area: 'barrage',
    input: barrageDeleteInput,
    output: z.object({ id: z.number().int() }),
  }),
  startRace: call({ path: '/Futurev2/Tools/startRace', area: 'barrage', input: barrageCourseInput, output: raceAnswer }),
  closeRace: call({ path: '/Futurev2/Tools/closeRace', area: 'barrage', input: barrageCourseInput, output: raceAnswer }),
  joinRace: call({ path: '/Futurev2/Tools/joinRace', area: 'barrage', input: raceJoinInput, output: raceJoinAnswer }),
  getStudentCurrentRace: call({
    path: '/Futurev2/Tools/getStudentCurrentRace',
    area: 'barrage',
    input: barrageCourseInput,
    output: currentRaceAnswer,
  }),
};
