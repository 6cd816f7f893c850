import type {
  barrageConfigAnswer,
  barrageItem,
  barrageListAnswer,
  barrageSwitchAnswer,
  barrageVipCountAnswer,
  currentRaceAnswer,
  raceAnswer,
  raceJoinAnswer,
} from '@paiclass/shared';
import type { z } from 'zod';
import { api } from '../../lib/api';

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
  config: (courseid: number) => api<BarrageConfig>('/FutureV2/Barrage/getConfig', { courseid }),
  list: (courseid: number) => api<BarrageList>('/FutureV2/Barrage/lists', { courseid }),
  send: (courseid: number, content: string, vip: boolean) =>
    api<BarrageItem>('/FutureV2/Barrage/sendBarrage', { courseid, content, vip: vip ? 1 : 0 }),
  setStatus: (courseid: number, on: boolean) =>
    api<BarrageSwitch>('/FutureV2/Barrage/setStatus', { courseid, status: on ? 1 : 0 }),
  remove: (courseid: number, id: number) => api<{ id: number }>('/FutureV2/Barrage/delBarrage', { courseid, id }),
  startRace: (courseid: number) => api<Race>('/Futurev2/Tools/startRace', { courseid }),
  closeRace: (courseid: number) => api<Race>('/Futurev2/Tools/closeRace', { courseid }),
  /** a press without the socket: timed by raw arrival (the socket's `Tools.joinRace` is corrected for the network) */
  joinRace: (courseid: number, raceid: number) =>
    api<z.output<typeof raceJoinAnswer>>('/Futurev2/Tools/joinRace', { courseid, raceid }),
  currentRace: (courseid: number) => api<CurrentRace>('/Futurev2/Tools/getStudentCurrentRace', { courseid }),
};
