import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Skeleton, Tag } from 'antd-mobile';
import { EditSOutline, EyeOutline, InformationCircleOutline, SystemQRcodeOutline, TeamOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { Navigate, useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { memberKeys, membersApi } from '../../members/api';
import { PersonRow } from '../../members/components/PersonRow';
import { memberPath } from '../../members/paths';
import { courseKeys, coursesApi, retryNetworkOnly } from '../api';
import { CodePopup } from '../components/CodePopup';
import { CourseGate, QueryFailed } from '../components/CourseGate';
import { hasAbility, useCourseInfo } from '../hooks/useCourseInfo';
import type { CourseInfo } from '../types';
import { cardColors, courseHomePath, courseIdParam, courseInfoPath, parseCourseId, teachTypeLabel, termLabel } from '../utils';
import '../courseInfo.css';

/**
 * /courseInfo?courseId= (or courseid): what the course is, its introduction and its teaching team,
 * for every member (spec 1 §2). A teacher also gets the links that manage it, and with
 * `studentviewer=1` sees the page exactly as a student does, under a banner (spec 2 §6);
 * a student's address with the flag is simply the student's page.
 */
export default function CourseInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const courseId = parseCourseId(courseIdParam(params));
  const info = useCourseInfo(courseId);
  const teacher = Number(info.data?.courseRole) === 1;
  const studentView = teacher && params.get('studentviewer') === '1';
  const goBack = useGoBack(courseId ? courseHomePath(courseId, teacher ? 1 : 0) : undefined);

  // one address per page: `courseid` becomes `courseId`, so the route-wide course check sees it
  if (courseId !== null && params.get('courseId') === null) {
    return <Navigate to={courseInfoPath(courseId, params.get('studentviewer') === '1')} replace />;
  }

  return (
    <div className="page course-info-page" data-testid="course-info-page">
      <PageNavBar title={t('courses.info.title')} onBack={goBack} />
      {studentView && courseId ? (
        <div className="student-view-banner" role="status" data-testid="student-view-banner">
          <EyeOutline className="student-view-icon" />
          <span className="student-view-text" data-testid="student-view-text">
            {t('courses.info.studentViewBanner')}
          </span>
          <Button
            size="mini"
            shape="rounded"
            color="primary"
            fill="outline"
            onClick={() => navigate(courseInfoPath(courseId), { replace: true })}
            aria-label={t('courses.info.exitStudentView')}
            data-testid="student-view-exit"
          >
            {t('courses.info.exit')}
          </Button>
        </div>
      ) : null}
      <CourseGate courseId={courseId} info={info}>
        {(course) => <CourseInfoBody course={course} studentView={studentView} />}
      </CourseGate>
    </div>
  );
}

function CourseInfoBody({ course, studentView }: { course: CourseInfo; studentView: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [codeOpen, setCodeOpen] = useState(false);
  // the teacher's own page; in the student view nothing of it shows
  const manages = Number(course.courseRole) === 1 && !studentView;
  const intro = useQuery({
    queryKey: courseKeys.intro(course.id),
    queryFn: () => coursesApi.getCourseIntro(course.id),
    retry: retryNetworkOnly,
  });
  const team = useQuery({
    queryKey: memberKeys.team(course.id),
    queryFn: () => membersApi.team(course.id),
    retry: retryNetworkOnly,
  });

  const none = t('courses.info.none');
  const ended = Number(course.classending) === 1;
  const role = studentView ? 'student' : course.memberRole;
  const initial = Array.from(course.coursename.trim())[0]?.toUpperCase() ?? '?';
  const studyTime = Number(course.studytime);
  // the server sends the join code to the teaching team only; a student (and the student view) has none
  const code = manages ? course.code : '';
  const introText = intro.data?.describes.trim() ?? '';

  const rows: { key: string; label: string; value: string }[] = [
    { key: 'teacher', label: t('courses.info.teacher'), value: course.username || none },
    {
      key: 'term',
      label: t('courses.info.term'),
      value: `${course.semester} ${course.termTxt || termLabel(t, Number(course.term))}`,
    },
    { key: 'teachtype', label: t('courses.info.teachType'), value: teachTypeLabel(t, Number(course.teachtype)) },
    { key: 'venue', label: t('courses.info.venue'), value: course.venue.trim() || none },
    {
      key: 'studytime',
      label: t('courses.info.studyTime'),
      value: studyTime > 0 ? String(studyTime) : none,
    },
    { key: 'total', label: t('courses.info.total'), value: String(Number(course.total)) },
  ];

  return (
    <div className="page-body course-info">
      <section className="course-home-head course-info-head" style={cardColors(course.id)} data-testid="info-head">
        <div className="course-info-cover" aria-hidden="true" data-testid="info-cover">
          {initial}
        </div>
        <div className="course-info-title">
          <div className="course-card-tags">
            {ended ? (
              <span className="course-tag course-tag-ended" data-testid="info-ended">
                {t('courses.card.ended')}
              </span>
            ) : null}
            <span className="course-tag" data-testid="info-role">
              {role === 'owner'
                ? t('courses.home.roleOwner')
                : role === 'assistant'
                  ? t('courses.home.roleAssistant')
                  : t('courses.home.roleStudent')}
            </span>
          </div>
          <h1 className="course-home-name" data-testid="info-name">
            {course.coursename}
          </h1>
          <div className="course-home-line" data-testid="info-class">
            {course.classname || t('courses.card.noClass')}
          </div>
        </div>
      </section>

      <List className="setting-list" header={t('courses.info.basics')} data-testid="info-basics">
        {rows.map((row) => (
          <List.Item key={row.key} extra={<span data-testid={`info-${row.key}`}>{row.value}</span>}>
            {row.label}
          </List.Item>
        ))}
        {code ? (
          <List.Item
            onClick={() => setCodeOpen(true)}
            extra={
              <span className="course-info-code">
                {Number(course.stopcode) === 1 ? (
                  <Tag color="default" fill="outline" data-testid="info-code-stopped">
                    {t('courses.card.codeStopped')}
                  </Tag>
                ) : null}
                <SystemQRcodeOutline />
                <span data-testid="info-code">{code}</span>
              </span>
            }
            data-testid="info-code-row"
          >
            {t('courses.info.code')}
          </List.Item>
        ) : null}
      </List>

      <section className="intro-card course-info-card" data-testid="info-intro-card">
        <h2 className="course-door-subtitle">{t('courses.info.intro')}</h2>
        {intro.isPending ? (
          <Skeleton.Paragraph lineCount={3} animated />
        ) : intro.isError ? (
          <QueryFailed error={intro.error} onRetry={() => void intro.refetch()} />
        ) : introText ? (
          // plain text, line breaks kept; never read as markup
          <div className="intro-text" data-testid="info-intro">
            {intro.data.describes}
          </div>
        ) : (
          <div className="muted" data-testid="info-intro-empty">
            {t('courses.info.noIntro')}
          </div>
        )}
      </section>

      <section className="intro-card course-info-card" data-testid="info-team-card">
        <h2 className="course-door-subtitle">{t('courses.info.team')}</h2>
        {team.isPending ? (
          <Skeleton.Paragraph lineCount={2} animated />
        ) : team.isError ? (
          <QueryFailed error={team.error} onRetry={() => void team.refetch()} />
        ) : (
          <ul className="person-list course-info-team" data-testid="info-team">
            {team.data.map((member) => (
              <PersonRow
                key={member.uid}
                testid="info-team-row"
                uid={member.uid}
                name={member.username}
                avatar={member.avatar}
                sub={member.school || undefined}
                tags={
                  <Tag
                    color={member.role === 'owner' ? 'primary' : 'default'}
                    fill="outline"
                    className="person-tag"
                    data-testid="info-team-role"
                  >
                    {member.role === 'owner' ? t('members.team.owner') : t('members.team.assistant')}
                  </Tag>
                }
              />
            ))}
          </ul>
        )}
      </section>

      {manages ? (
        <List className="setting-list" header={t('courses.home.manage')} data-testid="info-manage">
          {hasAbility(course, 'edit') ? (
            <List.Item prefix={<EditSOutline />} onClick={() => navigate(`/newCourse?id=${course.id}`)} data-testid="info-edit">
              {t('courses.home.edit')}
            </List.Item>
          ) : null}
          {hasAbility(course, 'edit') ? (
            <List.Item
              prefix={<InformationCircleOutline />}
              onClick={() => navigate(`/courseIntro?courseId=${course.id}`)}
              data-testid="info-edit-intro"
            >
              {t('courses.info.editIntro')}
            </List.Item>
          ) : null}
          <List.Item prefix={<TeamOutline />} onClick={() => navigate(memberPath(course.id))} data-testid="info-members">
            {t('courses.info.members')}
          </List.Item>
          <List.Item
            prefix={<EyeOutline />}
            description={t('courses.info.studentViewText')}
            onClick={() => navigate(courseInfoPath(course.id, true), { replace: true })}
            data-testid="info-student-view"
          >
            {t('courses.info.studentView')}
          </List.Item>
        </List>
      ) : null}

      {manages && course.code ? (
        <CodePopup
          course={codeOpen ? course : null}
          canManage={hasAbility(course, 'manageCode')}
          onClose={() => setCodeOpen(false)}
          onChanged={(next) => {
            queryClient.setQueryData<CourseInfo>(courseKeys.info(course.id), (current) =>
              current ? { ...current, ...next } : current,
            );
            void queryClient.invalidateQueries({ queryKey: ['courses', 'list'] });
          }}
        />
      ) : null}
    </div>
  );
}
