import type {
  barrageConfigAnswer,
  barrageItem,
  barrageListAnswer,
  barrageSwitchAnswer,
  barrageVipCountAnswer,
  currentRaceAnswer,
  raceAnswer,
} from '@paiclass/shared';
import { barrageCalls } from '@paiclass/shared';
import type { z } from 'zod';
import { call } from '../../lib/api';

export type BarrageItem = z.output<typeof barrageItem>;
export type BarrageConfig = z.output<typeof barrageConfigAnswer>;
export type BarrageList = z.output<typeof barrageListAnswer>;
export type BarrageSwitch = z.output<typeof barrageSwitchAnswer>;
export type VipCount = z.output<typeof barrageVipCountAnswer>;
export type Race = z.output<typeof raceAnswer>;
export type CurrentRace = z.output<typeof currentRaceAnswer>;

export const barrageKeys = {
  all: (courseId: number) => ['barrage', courseId] as const,
  config: (courseId: number) => ['barrage', courseId, 'config'] as const,
  list: (courseId: number) => ['barrage', courseId, 'list'] as const,
  race: (courseId: number) => ['barrage', courseId, 'race'] as const,
};

/** Barrage and the grab-answer race (docs/api.md "Barrage and the grab-answer race"). */
export const barrageApi = {
  config: (courseid: number) => call(barrageCalls.getConfig, { courseid }),
  list: (courseid: number) => call(barrageCalls.lists, { courseid }),
  send: (courseid: number, content: string, vip: boolean) =>
    call(barrageCalls.sendBarrage, { courseid, content, vip: vip ? 1 : 0 }),
  setStatus: (courseid: number, on: boolean) => call(barrageCalls.setStatus, { courseid, status: on ? 1 : 0 }),
  remove: (courseid: number, id: number) => call(barrageCalls.delBarrage, { courseid, id }),
  startRace: (courseid: number) => call(barrageCalls.startRace, { courseid }),
  closeRace: (courseid: number) => call(barrageCalls.closeRace, { courseid }),
  /** a press without the socket: timed by raw arrival (the socket's `Tools.joinRace` is corrected for the network) */
  joinRace: (courseid: number, raceid: number) => call(barrageCalls.joinRace, { courseid, raceid }),
  currentRace: (courseid: number) => call(barrageCalls.getStudentCurrentRace, { courseid }),
};
