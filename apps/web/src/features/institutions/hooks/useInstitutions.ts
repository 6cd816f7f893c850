import { attestJigou, USERTYPE_TEACHER } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../accounts/authStore';
import { courseKeys, coursesApi, retryNetworkOnly } from '../../courses/api';
import { type AttestList, institutionKeys, institutionsApi } from '../api';

/** The caller's certifications and the institution their school asks them to certify with. */
export function useAttestList(enabled = true) {
  return useQuery({
    queryKey: institutionKeys.attestList,
    queryFn: institutionsApi.attestList,
    enabled,
    retry: retryNetworkOnly,
  });
}

/** The caller's scheduled courses of one institution. */
export function useTeachClasses(jigouid: number) {
  return useQuery({
    queryKey: institutionKeys.teachClass(jigouid),
    queryFn: async () => (await institutionsApi.teachClass(jigouid)).list,
    retry: retryNetworkOnly,
    staleTime: 0,
  });
}

/** The courses a teacher owns (taught list, role 1 and icontype 1): the ones a scheduled course may bind to. */
export function useOwnCourses() {
  return useQuery({
    queryKey: [...courseKeys.all, 'own'] as const,
    queryFn: async () =>
      (await coursesApi.semesterCourseList({ isstudy: 0, search: '', type: 'teach' })).filter(
        (c) => Number(c.role) === 1 && Number(c.icontype) === 1,
      ),
    retry: retryNetworkOnly,
  });
}

/** Keeps the logged-in user's certification summary (atteststate, attestInfo.jigou) in step, as the server does. */
export function syncAttestSummary(data: AttestList) {
  const { user, setUser } = useAuth.getState();
  if (!user) return;
  const latest = data.list.at(-1);
  const atteststate = latest ? 1 : 0;
  const jigou = latest?.jigou ?? '';
  if (Number(user.atteststate) === atteststate && attestJigou(user) === jigou) return;
  setUser({ ...user, atteststate, attestInfo: jigou ? [{ jigou }] : [] });
}

export const isTeacherType = (usertype: unknown) => Number(usertype) === USERTYPE_TEACHER;
