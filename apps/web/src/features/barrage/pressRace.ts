import type { QueryClient } from '@tanstack/react-query';
import { showApiError } from '../../lib/api';
import { classroomSocket } from '../../lib/socket';
import { barrageApi, barrageKeys, type CurrentRace } from './api';

/**
 * Presses a race: on the classroom socket when it is open (timed for the network; its answer comes back
 * as an event, which ends the press), by HTTP otherwise, where the press ends here and `ended` is called.
 * The classroom's tools and the class events on every page press the same way.
 */
export async function pressRace(queryClient: QueryClient, courseId: number, raceid: number, ended: () => void) {
  if (classroomSocket.state === 'open') {
    classroomSocket.send('Tools.joinRace', { raceid });
    return;
  }
  try {
    await barrageApi.joinRace(courseId, raceid);
    queryClient.setQueryData<CurrentRace>(barrageKeys.race(courseId), (c) => (c ? { ...c, joined: 1 } : c));
  } catch (e) {
    showApiError(e);
  } finally {
    ended();
  }
}
