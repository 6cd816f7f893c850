import { CLASSMATE_WORK_CMD, CODES } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Button, ErrorBlock, Skeleton, Tag } from 'antd-mobile';
import { ExclamationCircleOutline, GiftOutline, UploadOutline } from 'antd-mobile-icons';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { UserAvatar } from '../../../components/UserAvatar';
import { ApiError } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useLiveRefetch } from '../../../lib/socket';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { formatTime } from '../../materials/utils';
import { parseItemId } from '../../notices/utils';
import { homeworkApi, homeworkKeys } from '../api';
import { FileLinks } from '../components/FileLinks';
import { WorkAnswer } from '../components/WorkAnswer';
import { homeworkPath, shareListPath, stuWorkSubmitPath } from '../paths';
import type { ClassmateWork as Work } from '../types';
import '../../materials/materials.css';
import '../homework.css';

/**
 * /homework/classmatesWork?courseId=&id= (decision 051, spec 2 §6 "VIP gives … live view of classmates'
 * submissions"): a VIP student, once their own work is in, sees what their classmates handed in, and new
 * work appears as it arrives. The server decides everything; a refusal shows what to do: become a member
 * (the privilege offered), or hand in first.
 */
export default function ClassmatesWorkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const goBack = useGoBack(courseId && id ? homeworkPath(courseId, 0, id) : undefined);
  return (
    <div className="page hw-page" data-testid="classmates-page">
      <PageNavBar title={t('homework.classmates.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          id === null ? <LoadFailed message={t('homework.notFound')} /> : <Classmates courseId={course.id} id={id} />
        }
      </CourseGate>
    </div>
  );
}

function Classmates({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const works = useQuery({
    queryKey: homeworkKeys.classmates(courseId, id),
    queryFn: () => homeworkApi.classmatesWork(courseId, id),
    retry: retryNetworkOnly,
    staleTime: 0,
  });
  // a classmate's hand-in is heard on the caller's own room; the list is read again through the checked call
  const live = useLiveRefetch(
    courseId,
    [CLASSMATE_WORK_CMD],
    () => void works.refetch(),
    (d: { courseid?: number; homeworkid?: number } | null) => Number(d?.courseid) === courseId && Number(d?.homeworkid) === id,
  );
  // a refusal stays on screen while the list is read again (a reconnect's refetch puts a query with no
  // data back to pending): the skeleton only before a first answer
  const refusal = useRef<unknown>(null);
  if (works.isError) refusal.current = works.error;
  else if (works.isSuccess) refusal.current = null;
  const error = works.isError ? works.error : works.isPending ? refusal.current : null;
  if (works.isPending && !error)
    return (
      <div className="page-body" data-testid="classmates-loading">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (error) {
    const e = error;
    if (e instanceof ApiError && e.code === CODES.vipRequired)
      return (
        <div className="page-body hw-body" data-testid="classmates-vip-offer">
          <section className="hw-card hw-vip-offer">
            <span className="hw-vip-offer-icon" aria-hidden="true">
              <GiftOutline />
            </span>
            {/* the server's refusal says it is a VIP privilege: the heading, above what the privilege gives */}
            <h2 className="hw-section-title" data-testid="classmates-refusal">
              {e.message}
            </h2>
            <ul className="hw-vip-offer-points">
              <li>{t('homework.classmates.offerLive')}</li>
              <li>{t('homework.classmates.offerPrivate')}</li>
            </ul>
            <Button
              block
              color="primary"
              shape="rounded"
              onClick={() => navigate('/vipManagement')}
              data-testid="classmates-open-vip"
            >
              {t('homework.classmates.becomeVip')}
            </Button>
          </section>
        </div>
      );
    if (e instanceof ApiError && e.code === CODES.notSubmitted)
      return (
        <div className="page-body hw-body" data-testid="classmates-own-first">
          <section className="hw-card">
            <div className="hw-note is-warning">
              <ExclamationCircleOutline />
              <span data-testid="classmates-refusal">{e.message}</span>
            </div>
            <Button
              block
              color="primary"
              shape="rounded"
              className="hw-submit-button"
              onClick={() => navigate(stuWorkSubmitPath(courseId, id))}
              data-testid="classmates-submit"
            >
              <UploadOutline /> {t('homework.student.submit')}
            </Button>
          </section>
        </div>
      );
    if (e instanceof ApiError && e.code === CODES.classmatesWorkClosed)
      return (
        <div className="page-body page-center" data-testid="classmates-closed">
          <ErrorBlock status="default" title={t('homework.classmates.closed')} description={e.message} />
        </div>
      );
    if (e instanceof ApiError && e.code === CODES.classmatesWorkOff)
      return (
        <div className="page-body page-center" data-testid="classmates-off">
          <ErrorBlock status="default" title={t('homework.classmates.off')} description={e.message} />
          <Button
            color="primary"
            fill="outline"
            shape="rounded"
            className="hw-off-action"
            onClick={() => navigate(shareListPath(courseId, 0, id))}
            data-testid="classmates-shared"
          >
            {t('homework.student.shared')}
          </Button>
        </div>
      );
    return <QueryFailed error={e} onRetry={() => void works.refetch()} />;
  }
  // read again after a refusal: the refusal shows until the answer comes
  if (!works.isSuccess) return null;
  const { list, total } = works.data;
  return (
    <div className="page-body hw-body" data-testid="classmates-list" data-live={live ? 1 : 0}>
      <p className="activity-count muted small hw-classmates-count">
        {/* the empty state says it when there is none */}
        <span data-testid="classmates-count">{total > 0 ? t('homework.classmates.count', { count: total }) : ''}</span>
        {live ? (
          <span className="hw-live" data-testid="classmates-live">
            {t('homework.classmates.live')}
          </span>
        ) : null}
      </p>
      {list.length === 0 ? (
        <div className="page-center" data-testid="classmates-empty">
          <ErrorBlock status="empty" title={t('homework.classmates.empty')} description={t('homework.classmates.emptyText')} />
        </div>
      ) : (
        list.map((w) => <ClassmateWork key={w.sid} work={w} />)
      )}
    </div>
  );
}

/** One classmate's work: who (or which group), when, the text and the files; nothing about its grading. */
function ClassmateWork({ work: w }: { work: Work }) {
  const { t } = useTranslation();
  const testid = 'classmate-work';
  return (
    <article className="hw-card hw-submission" data-testid={testid} data-sid={w.sid}>
      <div className="hw-classmate-head">
        <UserAvatar name={w.groupname || w.username} src={w.avatar || undefined} size={36} testid={`${testid}-avatar`} />
        <div className="hw-classmate-who">
          <span className="hw-submission-who" data-testid={`${testid}-who`}>
            {w.groupname || w.username}
          </span>
          {w.groupid ? (
            <span className="muted small" data-testid={`${testid}-members`}>
              {w.members.map((m) => m.username).join(t('homework.classmates.separator'))}
            </span>
          ) : null}
          <span className="muted small" data-testid={`${testid}-time`}>
            {t('homework.submission.time', { time: formatTime(Number(w.submittime)) })}
          </span>
        </div>
        {Number(w.overtime) === 1 ? (
          <Tag color="warning" fill="outline" className="hw-tag" data-testid={`${testid}-overtime`}>
            {t('homework.submission.overtime')}
          </Tag>
        ) : null}
      </div>
      <WorkAnswer html={w.content} testid={`${testid}-answer`} />
      <FileLinks files={w.attachment} testid={`${testid}-file`} />
    </article>
  );
}
