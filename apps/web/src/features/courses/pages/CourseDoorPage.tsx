import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock, List } from 'antd-mobile';
import { TeamOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { ApiError, errorMessage, NETWORK_ERROR } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { courseKeys, coursesApi, retryNetworkOnly } from '../api';
import type { CoursePortal } from '../types';
import { cardColors, teachTypeLabel, termLabel } from '../utils';

/** The share id of a course: 32 hex characters (docs/api.md). */
const COID = /^[0-9a-f]{32}$/i;

/** A stable colour for the portal's header, from the share id. */
const colorsOf = (coid: string) => cardColors(Number.parseInt(coid.slice(0, 6), 16) || 0);

/**
 * /courseDoor?coid=: the public page of a course (no login needed): what the course is and, while it
 * takes students, a button that joins through the QR-join flow (/joinCourses?code=, which logs in first).
 */
export default function CourseDoorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const coid = (params.get('coid') ?? '').trim();
  const valid = COID.test(coid);
  const portal = useQuery({
    queryKey: courseKeys.portal(coid),
    queryFn: () => coursesApi.getPortal(coid),
    enabled: valid,
    retry: retryNetworkOnly,
  });

  let body: ReactNode;
  if (!valid) body = <DoorNotFound message={t('courses.door.badLink')} />;
  else if (portal.isPending) body = <LoadingScreen text={t('common.loading')} />;
  else if (portal.isError) {
    const network = portal.error instanceof ApiError && portal.error.code === NETWORK_ERROR;
    body = <DoorNotFound message={errorMessage(portal.error)} onRetry={network ? () => void portal.refetch() : undefined} />;
  } else body = <Door course={portal.data} />;

  return (
    <div className="page course-door-page" data-testid="course-door-page">
      <PageNavBar title={t('courses.door.title')} />
      {body}
    </div>
  );
}

function DoorNotFound({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page-body page-center" data-testid="door-not-found">
      <ErrorBlock
        status="empty"
        title={<span data-testid="door-not-found-title">{t('courses.door.notFound')}</span>}
        description={<span data-testid="door-not-found-text">{message}</span>}
      />
      {onRetry ? (
        <Button color="primary" onClick={onRetry} className="center-button" data-testid="door-retry">
          {t('common.retry')}
        </Button>
      ) : (
        <Button color="primary" fill="outline" onClick={() => navigate('/')} className="center-button" data-testid="door-home">
          {t('common.backHome')}
        </Button>
      )}
    </div>
  );
}

function Door({ course }: { course: CoursePortal }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const joinable = Number(course.joinable) === 1;
  const ended = Number(course.classending) === 1;
  const term = `${course.semester} ${course.termTxt || termLabel(t, Number(course.term))}`;
  const intro = course.describes?.trim();

  return (
    <div className="page-body course-door">
      <section className="course-home-head course-door-head" style={colorsOf(course.coid)} data-testid="door-head">
        {ended ? (
          <div className="course-card-tags">
            <span className="course-tag course-tag-ended" data-testid="door-ended">
              {t('courses.card.ended')}
            </span>
          </div>
        ) : null}
        <h1 className="course-home-name" data-testid="door-name">
          {course.coursename}
        </h1>
        <div className="course-home-line" data-testid="door-class">
          {course.classname || t('courses.card.noClass')}
        </div>
        <div className="course-home-foot">
          <span className="course-card-meta" data-testid="door-teacher">
            <UserOutline /> {course.username}
          </span>
          <span className="course-card-meta" data-testid="door-total">
            <TeamOutline /> {t('courses.card.students', { count: Number(course.total) })}
          </span>
        </div>
      </section>

      <List className="setting-list" header={t('courses.door.about')} data-testid="door-about">
        <List.Item extra={<span data-testid="door-school">{course.school || t('courses.door.none')}</span>}>
          {t('courses.door.school')}
        </List.Item>
        <List.Item extra={<span data-testid="door-term">{term}</span>}>{t('courses.door.term')}</List.Item>
        <List.Item extra={<span data-testid="door-teachtype">{teachTypeLabel(t, Number(course.teachtype))}</span>}>
          {t('courses.door.teachType')}
        </List.Item>
      </List>

      <section className="intro-card course-door-intro">
        <h2 className="course-door-subtitle">{t('courses.door.intro')}</h2>
        {/* plain text, line breaks kept; never HTML */}
        {intro ? (
          <div className="intro-text" data-testid="door-intro">
            {course.describes}
          </div>
        ) : (
          <div className="muted" data-testid="door-intro-empty">
            {t('courses.door.noIntro')}
          </div>
        )}
      </section>

      <div className="course-door-action">
        {joinable ? (
          <Button
            block
            color="primary"
            size="large"
            shape="rounded"
            // by the portal id: the page never sees the join code
            onClick={() => navigate(`/joinCourses?coid=${encodeURIComponent(course.coid)}`)}
            data-testid="door-join"
          >
            {t('courses.door.join')}
          </Button>
        ) : (
          <div className="course-door-closed" role="status" data-testid="door-closed">
            {ended ? t('courses.door.closedEnded') : t('courses.door.closedStopped')}
          </div>
        )}
      </div>
    </div>
  );
}
