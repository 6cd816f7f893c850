import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { classTimeApi, classTimeKeys } from '../../classtime/api';

const SpeakTools = lazy(() => import('./SpeakTools').then((m) => ({ default: m.SpeakTools })));

/**
 * Speaking, questions and the class timer under the classroom tools, loaded only while a class is in
 * progress (the class-time bar's query, so begin and over, pushed, show and hide them).
 */
export function SpeakToolsGate({ courseId, canTeach }: { courseId: number; canTeach: boolean }) {
  const status = useQuery({ queryKey: classTimeKeys.status(courseId), queryFn: () => classTimeApi.status(courseId) });
  if (status.data?.status !== 1) return null;
  return (
    <Suspense fallback={null}>
      <SpeakTools key={status.data.classtimeid} courseId={courseId} canTeach={canTeach} />
    </Suspense>
  );
}
