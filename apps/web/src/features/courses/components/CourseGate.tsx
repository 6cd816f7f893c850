import { CODES } from '@paiclass/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { ApiError, errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { hasAbility } from '../hooks/useCourseInfo';
import type { Ability, CourseInfo } from '../types';
import { LoadFailed, NoPermission } from './NoPermission';

export interface CourseGateProps {
  courseId: number | null;
  /** `useCourseInfo(courseId)` */
  info: UseQueryResult<CourseInfo, unknown>;
  /** the page needs this permission; without it the page says "no permission" (spec 2 §6) */
  ability?: Ability;
  children: (info: CourseInfo) => ReactNode;
}

/** The body of a course page: a bad address, loading, a failure, no permission, or the page itself. */
export function CourseGate({ courseId, info, ability, children }: CourseGateProps) {
  const { t } = useTranslation();
  if (courseId === null) return <LoadFailed message={t('validation.courseId')} />;
  if (info.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (info.isError) {
    if (info.error instanceof ApiError && info.error.code === CODES.forbidden) return <NoPermission />;
    return <LoadFailed message={errorMessage(info.error)} onRetry={() => void info.refetch()} />;
  }
  if (ability && !hasAbility(info.data, ability)) return <NoPermission />;
  return <>{children(info.data)}</>;
}

/**
 * A query of a course page that failed: nothing when the API client already acted on it (a course
 * closed to the student: its reminder, then the course list), no permission for a 40003, else the
 * message and a retry.
 */
export function QueryFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.handled && error.code === CODES.courseClosed)
    return <div data-testid="course-closed-blank" />;
  if (error instanceof ApiError && error.code === CODES.forbidden) return <NoPermission />;
  return <LoadFailed message={errorMessage(error)} onRetry={onRetry} />;
}
