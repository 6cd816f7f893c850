import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { useOpenAttendances } from '../hooks/useAttendance';
import type { OpenAttence } from '../types';
import { paths } from '../utils';

/**
 * The open attendance a student's check-in page is about, from the course's open list: loading, a
 * failure, "this attendance is not open" (ended or deleted: the way back to the list), or the page.
 */
export function OpenGate({ courseId, id, children }: { courseId: number; id: number; children: (a: OpenAttence) => ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useOpenAttendances(courseId);
  if (open.isPending)
    return (
      <div className="page-body att-body" aria-busy="true">
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  if (open.isError) return <QueryFailed error={open.error} onRetry={() => void open.refetch()} />;
  const a = open.data.find((x) => Number(x.id) === id);
  if (!a)
    return (
      <div className="page-center" data-testid="att-not-open">
        <ErrorBlock status="empty" title={t('attendance.student.notOpen')} description={t('attendance.student.notOpenText')} />
        <Button
          color="primary"
          className="center-button"
          onClick={() => navigate(paths.studentIndex(courseId), { replace: true })}
          data-testid="att-to-list"
        >
          {t('attendance.student.toList')}
        </Button>
      </div>
    );
  return <>{children(a)}</>;
}
