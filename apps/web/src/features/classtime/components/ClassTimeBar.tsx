import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { showApiError } from '../../../lib/api';
import { RECONNECTED, useClassroom, useSocketEvent } from '../../../lib/socket';
import { useTranslation } from '../../../lib/translations';
import { courseKeys } from '../../courses/api';
import { classTimeApi, classTimeKeys } from '../api';
import { SlidesEntry } from './SlidesEntry';

const clock = (seconds: number) =>
  new Date(seconds * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * The course home's class-time bar: teachers (`teachClass`) begin and end a class; students see
 * that class is in progress, live: the socket pushes class begin and over to everyone with the course
 * open. While it is, the course list labels the course "in class".
 */
export function ClassTimeBar({ courseId, canTeach }: { courseId: number; canTeach: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const status = useQuery({
    queryKey: classTimeKeys.status(courseId),
    queryFn: () => classTimeApi.status(courseId),
  });
  // class begins and ends are pushed to the course's room; after a gap in the connection the bar reads again
  useClassroom(courseId);
  const pushed = (data: { courseid?: number }) => {
    if (Number(data?.courseid) !== courseId) return;
    void queryClient.invalidateQueries({ queryKey: classTimeKeys.status(courseId) });
    void queryClient.invalidateQueries({ queryKey: courseKeys.all });
  };
  useSocketEvent('AttendClass.classBegin', pushed);
  useSocketEvent('AttendClass.classOver', pushed);
  useSocketEvent(RECONNECTED, () => void queryClient.invalidateQueries({ queryKey: classTimeKeys.status(courseId) }));
  const inClass = status.data?.status === 1;

  const change = async (action: 'begin' | 'over') => {
    if (action === 'over') {
      const { result } = confirmDialog({
        content: t('classTime.endConfirm'),
        confirmText: t('classTime.end'),
        testid: 'class-end',
      });
      if (!(await result)) return;
    }
    setBusy(true);
    try {
      const next = await classTimeApi[action](courseId);
      queryClient.setQueryData(classTimeKeys.status(courseId), next);
      Toast.show({ content: t(action === 'begin' ? 'classTime.began' : 'classTime.ended') });
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
    }
  };

  // a teacher always has the bar: its place is kept while the status loads, so the course home below it does
  // not move under a finger already on its way to a row (a journey's press landed on the wrong row so, under load)
  if (status.isPending && canTeach)
    return (
      <section className="class-time-bar" aria-busy="true" data-testid="class-time-bar" data-state="loading">
        <Skeleton.Title animated className="class-time-skeleton" />
      </section>
    );
  if (!status.data) return null;
  if (!inClass && !canTeach) return null;
  return (
    <section
      className={`class-time-bar${inClass ? ' is-on' : ''}`}
      data-testid="class-time-bar"
      data-state={inClass ? 'on' : 'off'}
    >
      <span className="class-time-text">
        {inClass ? (
          <>
            <span className="class-time-dot" aria-hidden />
            {t('classTime.inProgress', { time: clock(status.data.starttime), name: status.data.username })}
          </>
        ) : (
          t('classTime.idle')
        )}
      </span>
      {inClass ? <SlidesEntry courseId={courseId} canTeach={canTeach} /> : null}
      {canTeach ? (
        <Button
          size="small"
          color={inClass ? 'danger' : 'primary'}
          fill={inClass ? 'outline' : 'solid'}
          loading={busy}
          onClick={() => void change(inClass ? 'over' : 'begin')}
          data-testid={inClass ? 'class-end' : 'class-begin'}
        >
          {inClass ? t('classTime.end') : t('classTime.begin')}
        </Button>
      ) : null}
    </section>
  );
}
