import { Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { PageNavBar, useGoBack } from '../../components/PageNavBar';
import { useSearchParams } from '../../lib/router';
import { useTranslation } from '../../lib/translations';
import { CourseGate } from '../courses/components/CourseGate';
import { LoadFailed } from '../courses/components/NoPermission';
import { useCourseInfo } from '../courses/hooks/useCourseInfo';
import { useCourseParam } from '../courses/hooks/useCourseParam';
import type { CourseInfo } from '../courses/types';
import { parseItemId } from '../notices/utils';
import type { Meeting } from './api';
import { meetingPath, meetingTime } from './api';

/**
 * The frame of a page about one meeting (`?courseId=&id=`): its title, back to `back` (the meeting's
 * detail unless said), the course checked, and "not found" when the id is not one.
 */
export function MeetingPage({
  title,
  testid,
  back = 'detail',
  children,
}: {
  title: string;
  testid: string;
  back?: 'detail' | 'list';
  children: (course: CourseInfo, id: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const backPath = !courseId
    ? undefined
    : back === 'list'
      ? meetingPath('list', courseId, 0)
      : id
        ? meetingPath('detail', courseId, 0, id)
        : undefined;
  const goBack = useGoBack(backPath);
  return (
    <div className="page meetings-page" data-testid={testid}>
      <PageNavBar title={title} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) => (id ? children(course, id) : <LoadFailed message={t('meetings.notFound')} />)}
      </CourseGate>
    </div>
  );
}

/** A meeting's state (spec 2 §4): waiting, in progress, has replay, ended. */
export function MeetingStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const color = status === 1 ? 'success' : status === 2 ? 'primary' : 'default';
  return (
    <Tag color={color} fill="outline" data-testid="meeting-status" data-status={status}>
      {t(`meetings.status${status}`)}
    </Tag>
  );
}

export function MeetingWhen({ meeting }: { meeting: Pick<Meeting, 'start_time' | 'end_time'> }) {
  return (
    <span className="meeting-when" data-testid="meeting-when">
      {meetingTime(meeting.start_time)} – {meetingTime(meeting.end_time)}
    </span>
  );
}
