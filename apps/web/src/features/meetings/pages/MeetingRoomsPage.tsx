import { useQuery } from '@tanstack/react-query';
import { Button, List, NoticeBar, Tag } from 'antd-mobile';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { roleOf } from '../../notices/utils';
import { meetingApi, meetingPath, roomPath } from '../api';
import '../meetings.css';

/**
 * /conference/rooms?courseId=: the built-in small meeting's rooms of the course (decision 041), who is in
 * each now, a room to join; whether STUN/TURN (coturn) runs, and what to install when not; for teachers and
 * assistants, the record of who was there and for how long.
 */
export default function MeetingRoomsPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const goBack = useGoBack(courseId ? meetingPath('list', courseId, 0) : undefined);
  return (
    <div className="page meetings-page" data-testid="meeting-rooms-page">
      <PageNavBar title={t('meetings.rooms.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) => <Rooms course={course} />}
      </CourseGate>
    </div>
  );
}

const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

function Rooms({ course }: { course: CourseInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = roleOf(course);
  const rooms = useQuery({
    queryKey: ['meetings', course.id, 'rooms'],
    queryFn: () => meetingApi.rooms(course.id),
    retry: retryNetworkOnly,
    refetchInterval: 10_000,
  });
  const manager = rooms.data?.courserole === 1;
  const record = useQuery({
    queryKey: ['meetings', course.id, 'record'],
    queryFn: () => meetingApi.record(course.id),
    retry: retryNetworkOnly,
    enabled: manager,
  });
  if (rooms.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (rooms.isError) return <QueryFailed error={rooms.error} onRetry={() => void rooms.refetch()} />;
  const { turn } = rooms.data;
  return (
    <div className="page-body meeting-rooms">
      {turn.running ? null : (
        <NoticeBar
          wrap
          color="alert"
          data-testid="meeting-turn-missing"
          content={
            turn.missing.length > 0
              ? t('meetings.rooms.turnMissing', { packages: turn.missing.join(' ') })
              : t('meetings.rooms.turnOff', { problem: turn.problem })
          }
        />
      )}
      <p className="meeting-rooms-hint">{t('meetings.rooms.hint', { max: rooms.data.max })}</p>
      <List>
        {rooms.data.rooms.map((r) => (
          <List.Item
            key={r.room}
            data-testid="meeting-room-row"
            data-room={r.room}
            description={
              r.people.length > 0 ? (
                <span data-testid="meeting-room-people">{r.people.map((p) => p.name).join('、')}</span>
              ) : (
                t('meetings.rooms.nobody')
              )
            }
            extra={
              <div className="meeting-room-extra">
                <Tag color={r.people.length >= rooms.data.max ? 'danger' : 'default'} fill="outline">
                  {r.people.length}/{rooms.data.max}
                </Tag>
                <Button
                  size="small"
                  color="primary"
                  data-testid="meeting-room-join"
                  disabled={r.people.length >= rooms.data.max}
                  onClick={() => navigate(roomPath(course.id, role, r.room))}
                >
                  {t('meetings.rooms.join')}
                </Button>
              </div>
            }
          >
            {r.room === 1 ? t('meetings.rooms.officeHours') : t('meetings.rooms.group', { n: r.room })}
          </List.Item>
        ))}
      </List>
      {manager ? (
        <section className="meeting-record" data-testid="meeting-record">
          <h2>{t('meetings.rooms.record')}</h2>
          {record.isPending ? (
            <LoadingScreen text={t('common.loading')} />
          ) : record.isError ? (
            <QueryFailed error={record.error} onRetry={() => void record.refetch()} />
          ) : record.data.list.length === 0 ? (
            <p className="meeting-rooms-hint">{t('meetings.rooms.recordEmpty')}</p>
          ) : (
            <List>
              {record.data.list.map((e) => (
                <List.Item
                  key={e.id}
                  data-testid="meeting-record-row"
                  description={`${new Date(e.joined * 1000).toLocaleString()} · ${
                    e.room === 1 ? t('meetings.rooms.officeHours') : t('meetings.rooms.group', { n: e.room })
                  }`}
                  extra={
                    e.here ? (
                      <Tag color="success" fill="outline">
                        {t('meetings.rooms.here')}
                      </Tag>
                    ) : (
                      t('meetings.rooms.minutes', { count: minutes(e.seconds) })
                    )
                  }
                >
                  {e.name}
                </List.Item>
              ))}
            </List>
          )}
        </section>
      ) : null}
    </div>
  );
}
