import { useQuery } from '@tanstack/react-query';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { QueryFailed } from '../../courses/components/CourseGate';
import type { CourseInfo } from '../../courses/types';
import { meetingApi } from '../api';
import { MeetingPage } from '../components';
import '../meetings.css';

/**
 * /conference/go?courseId=&id=: the meeting's application link, opened by the person's own tap (a
 * new tab, so the course stays here), and its number to type into the application. Going counts
 * for the statistics (joining while in progress, a visit afterwards).
 */
export default function MeetingGoPage() {
  const { t } = useTranslation();
  return (
    <MeetingPage title={t('meetings.goTitle')} testid="meeting-go-page">
      {(course, id) => <Go course={course} id={id} />}
    </MeetingPage>
  );
}

function Go({ course, id }: { course: CourseInfo; id: number }) {
  const { t } = useTranslation();
  const joined = useQuery({
    queryKey: ['meetings', course.id, 'go', id],
    queryFn: () => meetingApi.join(course.id, id),
    retry: retryNetworkOnly,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (joined.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (joined.isError) return <QueryFailed error={joined.error} onRetry={() => void joined.refetch()} />;
  const j = joined.data;
  return (
    <div className="page-body meeting-go">
      <p className="meeting-go-state" data-testid="meeting-go-state">
        {t(`meetings.goState${j.status}`)}
      </p>
      {j.meeting_no ? (
        <div className="meeting-number" data-testid="meeting-go-number">
          {t('meetings.form.number')}: {j.meeting_no}
        </div>
      ) : null}
      <a
        className="adm-button adm-button-primary adm-button-block adm-button-large meeting-open"
        href={j.link}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="meeting-open"
      >
        {t('meetings.open')}
      </a>
      <p className="meeting-go-link" data-testid="meeting-go-link">
        {j.link}
      </p>
    </div>
  );
}
