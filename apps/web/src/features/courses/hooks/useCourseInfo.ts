import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { courseKeys, coursesApi, retryNetworkOnly } from '../api';
import { saveCourseAuth } from '../courseAuth';
import type { Ability, CourseInfo } from '../types';

/**
 * The course and the caller's place in it (`/CourseApi/getCourseInfo`), shared with the course home
 * through the query cache; the permissions are kept for a day as the course home does (spec 2 §6).
 */
export function useCourseInfo(courseId: number | null) {
  const info = useQuery({
    queryKey: courseKeys.info(courseId ?? 0),
    queryFn: () => coursesApi.getCourseInfo(courseId!),
    enabled: courseId !== null,
    retry: retryNetworkOnly,
  });
  useEffect(() => {
    if (info.data) saveCourseAuth(info.data);
  }, [info.data]);
  return info;
}

/** Whether the caller may take an action in the course (the server still decides every call). */
export const hasAbility = (info: Pick<CourseInfo, 'authData'>, ability: Ability) => info.authData.includes(ability);
