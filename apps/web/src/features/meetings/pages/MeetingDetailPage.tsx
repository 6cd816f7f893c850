import { useQuery } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { QueryFailed } from '../../courses/components/CourseGate';
import { hasAbility } from '../../courses/hooks/useCourseInfo';
import type { CourseInfo } from '../../courses/types';
import { roleOf } from '../../notices/utils';
import { meetingApi, meetingKeys, meetingPath } from '../api';
import { MeetingPage, MeetingStatusTag, MeetingWhen } from '../components';
import { MeetingCover } from '../MeetingCover';
import '../meetings.css';

/** /conferenceDetailPage?courseId=&id=: one meeting, its cover, state, link and number; teachers see who went and edit it. */
export default function MeetingDetailPage() {
  const { t } = useTranslation();
  return (
    <MeetingPage title={t('meetings.detailTitle')} testid="meeting-detail-page" back="list">
      {(course, id) => <MeetingDetail course={course} id={id} />}
    </MeetingPage>
  );
}

function MeetingDetail({ course, id }: { course: CourseInfo; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = roleOf(course);
  const manager = hasAbility(course, 'manageContent');
  const detail = useQuery({
    queryKey: meetingKeys.detail(course.id, id),
    queryFn: () => meetingApi.detail(course.id, id),
    retry: retryNetworkOnly,
  });
  if (detail.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (detail.isError) return <QueryFailed error={detail.error} onRetry={() => void detail.refetch()} />;
  const m = detail.data;
  return (
    <div className="page-body meeting-detail">
      <div className="form-card meeting-card">
        <MeetingCover meeting={m} size="banner" />
        <h2 className="meeting-title" data-testid="meeting-title">
          {m.title}
        </h2>
        <div className="meeting-meta">
          <MeetingStatusTag status={m.status} />
          <MeetingWhen meeting={m} />
        </div>
        {m.meeting_no ? (
          <div className="meeting-number" data-testid="meeting-number">
            {t('meetings.form.number')}: {m.meeting_no}
          </div>
        ) : null}
        {m.directory ? (
          <div className="meeting-number" data-testid="meeting-directory">
            {t('meetings.form.directory')}: {m.directory.title}
          </div>
        ) : null}
        {m.description ? (
          <p className="meeting-description" data-testid="meeting-description">
            {m.description}
          </p>
        ) : null}
      </div>
      {manager && m.statistics ? (
        <List header={t('meetings.statistics')} className="meeting-stats" data-testid="meeting-stats">
          <List.Item extra={m.statistics.joinLiveCount}>{t('meetings.joinLiveCount')}</List.Item>
          <List.Item extra={m.statistics.noJoinVisitCount}>{t('meetings.noJoinVisitCount')}</List.Item>
          <List.Item extra={m.statistics.joinVisitCount}>{t('meetings.joinVisitCount')}</List.Item>
          <List.Item extra={m.statistics.fullcount}>{t('meetings.fullcount')}</List.Item>
        </List>
      ) : null}
      <div className="meeting-actions">
        <Button block color="primary" data-testid="meeting-go" onClick={() => navigate(meetingPath('go', course.id, role, m.id))}>
          {t('meetings.go')}
        </Button>
        <Button block data-testid="meeting-videos" onClick={() => navigate(meetingPath('videos', course.id, role, m.id))}>
          {t('meetings.videos', { n: m.videos.length })}
        </Button>
        {manager ? (
          <Button
            block
            fill="outline"
            data-testid="meeting-edit"
            onClick={() => navigate(meetingPath('edit', course.id, role, m.id))}
          >
            {t('meetings.edit')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
