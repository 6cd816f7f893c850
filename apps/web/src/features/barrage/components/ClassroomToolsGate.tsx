import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { classTimeApi, classTimeKeys } from '../../classtime/api';

const ClassroomTools = lazy(() => import('./ClassroomTools').then((m) => ({ default: m.ClassroomTools })));

/**
 * The classroom tools (barrage, grab-answer) under the course home's class-time bar, loaded only while
 * a class is in progress: the same class-time query as the bar, so begin and over (pushed) show and hide them.
 */
export function ClassroomToolsGate({ courseId, canTeach }: { courseId: number; canTeach: boolean }) {
  const status = useQuery({ queryKey: classTimeKeys.status(courseId), queryFn: () => classTimeApi.status(courseId) });
  if (status.data?.status !== 1) return null;
  return (
    <Suspense fallback={null}>
      <ClassroomTools key={status.data.classtimeid} courseId={courseId} canTeach={canTeach} />
    </Suspense>
  );
}
