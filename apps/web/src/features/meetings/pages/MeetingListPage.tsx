import { useQuery } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import EmptyBlock from '../../../components/EmptyBlock';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { roleOf } from '../../notices/utils';
import { meetingApi, meetingKeys, meetingPath, roomsPath } from '../api';
import { MeetingStatusTag, MeetingWhen } from '../components';
import { MeetingCover } from '../MeetingCover';
import '../meetings.css';

/** /conference?courseId=&courseRole=: the course's meetings with their covers, the latest first; teachers add one. */
export default function MeetingListPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const goBack = useGoBack(courseId ? `/courseHome?courseId=${courseId}` : undefined);
  return (
    <div className="page meetings-page" data-testid="meeting-list-page">
      <PageNavBar title={t('meetings.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) => <MeetingList course={course} />}
      </CourseGate>
    </div>
  );
}

function MeetingList({ course }: { course: CourseInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = roleOf(course);
  const manager = hasAbility(course, 'manageContent');
  const list = useQuery({
    queryKey: meetingKeys.list(course.id),
    queryFn: () => meetingApi.list(course.id),
    retry: retryNetworkOnly,
  });
  return (
    <div className="page-body">
      <List className="meeting-builtin">
        <List.Item
          data-testid="meeting-rooms-link"
          arrowIcon
          onClick={() => navigate(roomsPath(course.id, role))}
          description={t('meetings.rooms.linkHint')}
        >
          {t('meetings.rooms.title')}
        </List.Item>
      </List>
      {manager ? (
        <Button
          block
          color="primary"
          className="meeting-new"
          data-testid="meeting-new"
          onClick={() => navigate(meetingPath('new', course.id, role))}
        >
          {t('meetings.new')}
        </Button>
      ) : null}
      {list.isPending ? (
        <LoadingScreen text={t('common.loading')} />
      ) : list.isError ? (
        <QueryFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <div data-testid="meeting-empty">
          <EmptyBlock status="empty" title={t('meetings.empty')} description="" />
        </div>
      ) : (
        <List className="meeting-list">
          {list.data.list.map((m) => (
            <List.Item
              key={m.id}
              data-testid="meeting-row"
              data-id={m.id}
              arrowIcon
              prefix={<MeetingCover meeting={m} size="thumb" />}
              onClick={() => navigate(meetingPath('detail', course.id, role, m.id))}
              description={<MeetingWhen meeting={m} />}
              extra={<MeetingStatusTag status={m.status} />}
            >
              <span data-testid="meeting-row-title">{m.title}</span>
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
