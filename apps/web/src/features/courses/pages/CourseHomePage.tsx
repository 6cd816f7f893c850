import { COURSE_MEMBERS_CMD, DEFAULT_TAB } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog, List, Skeleton, Switch, Toast } from 'antd-mobile';
import {
  BillOutline,
  CheckShieldOutline,
  ContentOutline,
  EditSOutline,
  EyeOutline,
  FileOutline,
  FolderOutline,
  HistogramOutline,
  InformationCircleOutline,
  MessageOutline,
  PicturesOutline,
  PlayOutline,
  QuestionCircleOutline,
  SoundOutline,
  StarOutline,
  SystemQRcodeOutline,
  TeamOutline,
  UserOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { titleWithTestId } from '../../../components/BodyTestId';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { errorMessage, showApiError } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useLiveRefetch } from '../../../lib/socket';
import { testId } from '../../../lib/testid';
import { useTranslation } from '../../../lib/translations';
import { hasPage } from '../../../router';
import { OpenAttendancePrompt } from '../../attendance/components/OpenAttendancePrompt';
import { ClassroomToolsGate } from '../../barrage/components/ClassroomToolsGate';
import { ClassTimeBar } from '../../classtime/components/ClassTimeBar';
import { OpenStepsBar } from '../../interact/components/OpenStepsBar';
import { SpeakToolsGate } from '../../speak/components/SpeakToolsGate';
import { courseKeys, coursesApi, retryNetworkOnly } from '../api';
import { CodePopup } from '../components/CodePopup';
import { NewBadge } from '../components/NewBadge';
import { LoadFailed } from '../components/NoPermission';
import { ProfileCompletion } from '../components/ProfileCompletion';
import { ShareDialog } from '../components/ShareDialog';
import { useCourseInfo } from '../hooks/useCourseInfo';
import { useCourseFlows } from '../hooks/useCourseMenu';
import type { Ability, CourseInfo, CourseModule } from '../types';
import { cardColors, courseInfoPath, parseCourseId, semesterTitle } from '../utils';

interface MenuEntry {
  key: CourseModule['key'];
  icon: ReactNode;
  tone: string;
  /** the page of the area: teacher's management page or student's learning page (spec 2 §2) */
  to: (id: number, role: 0 | 1) => string;
}

/** The course home menu of spec 2 §2; an area not built yet is marked "coming" and does not open. */
const MENU: MenuEntry[] = [
  { key: 'catalogue', icon: <FolderOutline />, tone: 'is-blue', to: (id, role) => `/folders?courseId=${id}&courseRole=${role}` },
  {
    key: 'courseware',
    icon: <PicturesOutline />,
    tone: 'is-purple',
    to: (id, role) => `${role ? '/courseware/detail' : '/courseware/startLearning'}?courseId=${id}&courseRole=${role}`,
  },
  { key: 'homework', icon: <EditSOutline />, tone: 'is-orange', to: (id, role) => `/homework?courseId=${id}&courseRole=${role}` },
  {
    key: 'test',
    icon: <FileOutline />,
    tone: 'is-green',
    to: (id, role) => `${role ? '/testing/detail' : '/testing/stu/detail'}?courseId=${id}&courseRole=${role}`,
  },
  {
    key: 'material',
    icon: <ContentOutline />,
    tone: 'is-cyan',
    to: (id, role) => `/dataIndex?type=2&courseId=${id}&courseRole=${role}`,
  },
  { key: 'live', icon: <PlayOutline />, tone: 'is-orange', to: (id, role) => `/onlineLive?courseId=${id}&courseRole=${role}` },
  { key: 'meeting', icon: <VideoOutline />, tone: 'is-pink', to: (id, role) => `/conference?courseId=${id}&courseRole=${role}` },
  {
    key: 'notice',
    icon: <SoundOutline />,
    tone: 'is-orange',
    to: (id, role) => `/noticeDetail?courseId=${id}&courseRole=${role}`,
  },
  { key: 'topic', icon: <MessageOutline />, tone: 'is-blue', to: (id, role) => `/topicDetail?courseId=${id}&courseRole=${role}` },
  {
    key: 'interact',
    icon: <QuestionCircleOutline />,
    tone: 'is-green',
    to: (id, role) =>
      `${role ? '/InteractiveAnswers/detailTeacher' : '/InteractiveAnswers/detail'}?courseId=${id}&courseRole=${role}`,
  },
];

/** /courseHome?courseId=&courseRole= (also /CourseHome): the course's header, menu and its management (spec 2 §2, §6). */
export default function CourseHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const courseId = parseCourseId(params.get('courseId'));
  // the route-wide CourseCheck has already turned away a student on a teacher's address or a closed course
  const info = useCourseInfo(courseId);
  const data = info.data;

  // spec 1 §6: a student first has the course profile checked (class number, grade, enrolment month)
  const asStudent = Boolean(data && Number(data.courseRole) === 0);
  const profile = useQuery({
    queryKey: courseKeys.userInCourse(courseId ?? 0),
    queryFn: () => coursesApi.getUserInfoInCourse(courseId!),
    enabled: asStudent,
    retry: retryNetworkOnly,
  });

  let body: ReactNode;
  if (courseId === null) body = <LoadFailed message={t('validation.courseId')} />;
  else if (info.isPending) body = <LoadingScreen text={t('common.loading')} />;
  else if (info.isError) body = <LoadFailed message={errorMessage(info.error)} onRetry={() => void info.refetch()} />;
  else if (asStudent && profile.isPending) body = <LoadingScreen text={t('common.loading')} />;
  else if (asStudent && profile.isError)
    body = <LoadFailed message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} />;
  else if (asStudent && Number(profile.data?.checkstate) === 1)
    body = <ProfileCompletion initial={profile.data!.setting} onDone={() => void profile.refetch()} />;
  else body = <CourseHome info={info.data} />;

  return (
    <div className="page course-home-page" data-testid="course-home-page">
      <PageNavBar title={data?.coursename ?? t('courses.home.title')} onBack={() => navigate(DEFAULT_TAB)} />
      {body}
    </div>
  );
}

function CourseHome({ info }: { info: CourseInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const flows = useCourseFlows();
  const [codeOpen, setCodeOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  // the teacher's order and names of the menus; the defaults until they load (or if they cannot)
  const modules = useQuery({
    queryKey: courseKeys.modules(info.id),
    queryFn: () => coursesApi.getModules(info.id),
    retry: retryNetworkOnly,
  });
  // the red numbers: what is new to this user in each area since they last opened it (issue 12)
  const news = useQuery({
    queryKey: courseKeys.news(info.id),
    queryFn: () => coursesApi.getNewCounts(info.id),
    retry: retryNetworkOnly,
  });
  const newIn = (key: string) => (news.data as Record<string, number> | undefined)?.[key];
  const menu = modules.data
    ? modules.data.flatMap((m) => {
        const entry = MENU.find((e) => e.key === m.key);
        return entry ? [{ ...entry, name: m.name }] : [];
      })
    : MENU.map((entry) => ({ ...entry, name: t(`courses.home.menu_${entry.key}`) }));
  const [quitSaving, setQuitSaving] = useState(false);
  const role: 0 | 1 = Number(info.courseRole) === 1 ? 1 : 0;
  const can = (ability: Ability) => info.authData.includes(ability);
  // the student count follows students joining and leaving (issue 25): the staff room hears of each
  const live = useLiveRefetch(
    role === 1 ? info.id : undefined,
    [COURSE_MEMBERS_CMD],
    () => void queryClient.invalidateQueries({ queryKey: courseKeys.info(info.id) }),
    (d: { courseid?: number } | null) => Number(d?.courseid) === info.id,
  );
  const update = (patch: Partial<CourseInfo>) =>
    queryClient.setQueryData<CourseInfo>(courseKeys.info(info.id), (current) => (current ? { ...current, ...patch } : current));

  const setAllowQuit = async (allow: boolean) => {
    setQuitSaving(true);
    try {
      const result = await coursesApi.setCourseAllowQuit(info.id, allow ? 1 : 0);
      update({ allowquit: result.allowquit });
      Toast.show({ content: allow ? t('courses.home.allowQuitOn') : t('courses.home.allowQuitOff') });
    } catch (e) {
      showApiError(e);
    } finally {
      setQuitSaving(false);
    }
  };

  const endCourse = () => {
    const run = async (canvisit: 0 | 1) => {
      try {
        await coursesApi.endCourse(info.id, canvisit);
        update({ classending: 1, canvisit });
        void queryClient.invalidateQueries({ queryKey: courseKeys.all });
        Toast.show({ content: t('courses.home.ended') });
      } catch (e) {
        showApiError(e);
      }
    };
    // spec 1 §4: a course can be ended; the teacher chooses whether students may still look in
    Dialog.show({
      title: titleWithTestId(t('courses.home.endTitle'), 'end-course-dialog'),
      content: t('courses.home.endConfirm'),
      closeOnAction: true,
      actions: [
        { key: 'visit', text: t('courses.home.endAllowVisit'), onClick: () => run(1), ...testId('end-course-visit') },
        {
          key: 'block',
          text: t('courses.home.endBlockVisit'),
          danger: true,
          onClick: () => run(0),
          ...testId('end-course-block'),
        },
        { key: 'cancel', text: t('common.cancel'), ...testId('end-course-cancel') },
      ],
    });
  };

  const quit = async () => {
    if (await flows.quitCourse(info.id)) navigate(DEFAULT_TAB, { replace: true });
  };

  const manage: { key: string; ability: Ability; label: string; to: string }[] = [
    {
      key: 'enroll-setting',
      ability: 'manageEnroll',
      label: t('courses.home.enrollSetting'),
      to: `/seniorSetting?courseId=${info.id}`,
    },
    {
      key: 'enroll-review',
      ability: 'manageEnroll',
      label: t('courses.home.enrollReview'),
      to: `/enrollReview?courseId=${info.id}`,
    },
    {
      key: 'enroll-info',
      ability: 'manageEnroll',
      label: t('courses.home.enrollInfo'),
      to: `/courseEnrollInfo?courseId=${info.id}`,
    },
    { key: 'edit', ability: 'edit', label: t('courses.home.edit'), to: `/newCourse?id=${info.id}` },
    { key: 'modules', ability: 'edit', label: t('courses.home.modules'), to: `/AllReachingActivityModules?courseId=${info.id}` },
  ];
  const ended = Number(info.classending) === 1;

  return (
    <div className="course-home">
      <section className="course-home-head" style={cardColors(info.id)} data-testid="course-home-head">
        <div className="course-card-tags">
          {ended ? (
            <span className="course-tag course-tag-ended" data-testid="course-home-ended">
              {t('courses.card.ended')}
            </span>
          ) : null}
          {role === 1 && info.stopcode ? (
            <span className="course-tag course-tag-stopped" data-testid="course-home-stopped">
              {t('courses.card.codeStopped')}
            </span>
          ) : null}
          <span className="course-tag" data-testid="course-home-role">
            {info.memberRole === 'owner'
              ? t('courses.home.roleOwner')
              : info.memberRole === 'assistant'
                ? t('courses.home.roleAssistant')
                : t('courses.home.roleStudent')}
          </span>
        </div>
        <h1 className="course-home-name" data-testid="course-home-name">
          {info.coursename}
        </h1>
        <div className="course-home-line" data-testid="course-home-class">
          {info.classname || t('courses.card.noClass')} · {semesterTitle(t, info.semester, Number(info.term))}
        </div>
        <div className="course-home-foot">
          <span className="course-card-meta" data-testid="course-home-teacher">
            <UserOutline /> {info.username}
          </span>
          <span className="course-card-meta" data-testid="course-home-total" data-live={live ? 'on' : undefined}>
            <TeamOutline /> {t('courses.card.students', { count: Number(info.total) })}
          </span>
          <span className="course-card-spacer" />
          {role === 1 && info.code ? (
            <button
              type="button"
              className="course-code-chip is-light"
              onClick={() => setCodeOpen(true)}
              data-testid="course-home-code"
            >
              <SystemQRcodeOutline className="qr-icon" />
              <span>{info.code}</span>
            </button>
          ) : null}
        </div>
      </section>

      {ended ? null : <ClassTimeBar courseId={info.id} canTeach={can('teachClass')} />}
      {/* issue 15: barrage and the grab-answer while a class is in progress */}
      {ended ? null : <ClassroomToolsGate courseId={info.id} canTeach={can('teachClass')} />}
      {/* issue 15: speaking, questions, muting and the class timer (decision 024) */}
      {ended ? null : <SpeakToolsGate courseId={info.id} canTeach={can('teachClass')} />}
      {/* spec 2 §2, §8: a student entering the course is told of an open attendance (issue 13) */}
      {/* the question is asked by the course-level layer (ClassEvents, decision 029); the bar stays here */}
      {role === 0 && !ended ? <OpenAttendancePrompt courseId={info.id} show="bar" /> : null}
      {/* spec 2 §8: an interactive answer taking answers is asked about on every course page (ClassEvents);
          here it stays reachable after the question was dismissed (issue 25) */}
      {role === 0 && !ended ? <OpenStepsBar courseId={info.id} /> : null}

      <section
        className="course-home-menu"
        aria-label={t('courses.home.menu')}
        aria-busy={modules.isPending}
        data-testid="course-home-menu"
      >
        {/* the teacher's names and order once they load; the defaults only if they cannot */}
        {modules.isPending
          ? MENU.map((entry) => (
              <span key={entry.key} className="home-menu-item" aria-hidden="true">
                <Skeleton animated className="home-menu-skeleton" />
                <Skeleton.Title animated className="home-menu-skeleton-label" />
              </span>
            ))
          : null}
        {(modules.isPending ? [] : menu).map((entry) => {
          const to = entry.to(info.id, role);
          // an area whose page is not built yet is marked and does not open a dead page (decision 015)
          const coming = !hasPage(to);
          return (
            <button
              key={entry.key}
              type="button"
              className={coming ? 'home-menu-item is-coming' : 'home-menu-item'}
              onClick={coming ? undefined : () => navigate(to)}
              disabled={coming}
              aria-label={coming ? `${entry.name} (${t('notAvailable.coming')})` : undefined}
              data-testid={`home-menu-${entry.key}`}
              data-coming={coming ? '1' : undefined}
            >
              <span className={`home-menu-icon ${entry.tone}`}>
                {entry.icon}
                {coming ? null : <NewBadge count={newIn(entry.key)} testid={`home-menu-new-${entry.key}`} />}
              </span>
              <span className="home-menu-label">{entry.name}</span>
              {coming ? (
                <span className="coming-mark" data-testid="coming-mark">
                  {t('notAvailable.coming')}
                </span>
              ) : null}
            </button>
          );
        })}
        {/* attendance is not one of the teacher's reorderable menus: always there (spec 2 §2 /checkIn, issue 13) */}
        {modules.isPending ? null : (
          <button
            type="button"
            className="home-menu-item"
            onClick={() =>
              navigate(
                role === 1
                  ? `/checkIn/teacherCheckinIndex?courseId=${info.id}&courseRole=1`
                  : `/checkIn/studentCheckinIndex?courseId=${info.id}&courseRole=0`,
              )
            }
            data-testid="home-menu-attendance"
          >
            <span className="home-menu-icon is-green">
              <CheckShieldOutline />
            </span>
            <span className="home-menu-label">{t('attendance.title')}</span>
          </button>
        )}
      </section>

      <List className="setting-list" header={t('courses.home.about')} data-testid="course-home-about">
        <List.Item prefix={<BillOutline />} onClick={() => navigate(courseInfoPath(info.id))} data-testid="home-info">
          {t('courses.home.info')}
        </List.Item>
        <List.Item
          prefix={<TeamOutline />}
          onClick={() => navigate(`/member?courseId=${info.id}`)}
          extra={role === 1 ? t('courses.card.students', { count: Number(info.total) }) : undefined}
          data-testid="home-members"
        >
          {t('courses.home.members')}
        </List.Item>
        <List.Item
          prefix={<InformationCircleOutline />}
          onClick={() => navigate(`/courseIntro?courseId=${info.id}`)}
          data-testid="home-intro"
        >
          {t('courses.home.intro')}
        </List.Item>
        <List.Item
          prefix={<HistogramOutline />}
          onClick={() => navigate(`/score?courseId=${info.id}&courseRole=${role}`)}
          data-testid="home-scores"
        >
          {t('scores.entry')}
        </List.Item>
        {/* stars awarded in class: the teacher's list of students, a student's own log (issue 15, decision 023) */}
        <List.Item
          prefix={<StarOutline />}
          onClick={() =>
            navigate(
              role === 1
                ? `/representation/performanceStatistics?courseId=${info.id}&courseRole=1`
                : `/representation/starlog?courseId=${info.id}&courseRole=0`,
            )
          }
          data-testid="home-stars"
        >
          {t('representation.entry')}
        </List.Item>
      </List>

      {role === 1 ? (
        <List className="setting-list" header={t('courses.home.manage')} data-testid="course-home-manage">
          {manage
            .filter((m) => can(m.ability))
            .map((m) => (
              <List.Item
                key={m.key}
                onClick={() => navigate(m.to)}
                extra={m.key === 'enroll-review' ? <NewBadge count={newIn('enroll')} testid="home-enroll-waiting" /> : undefined}
                data-testid={`home-${m.key}`}
              >
                {m.label}
              </List.Item>
            ))}
          {/* the teacher sees the course as a student does (spec 2 §6 studentviewer=1) */}
          <List.Item
            prefix={<EyeOutline />}
            onClick={() => navigate(courseInfoPath(info.id, true))}
            data-testid="home-student-view"
          >
            {t('courses.home.studentView')}
          </List.Item>
          {info.coid ? (
            <List.Item onClick={() => setShareOpen(true)} data-testid="home-share">
              {t('courses.home.share')}
            </List.Item>
          ) : null}
          {can('setAllowQuit') ? (
            <List.Item
              description={t('courses.home.allowQuitText')}
              extra={
                <Switch
                  checked={Number(info.allowquit) === 1}
                  loading={quitSaving}
                  onChange={(v) => void setAllowQuit(v)}
                  data-testid="home-allow-quit"
                  aria-label={t('courses.home.allowQuit')}
                />
              }
            >
              {t('courses.home.allowQuit')}
            </List.Item>
          ) : null}
          {can('end') ? (
            <List.Item
              onClick={ended ? undefined : endCourse}
              extra={
                ended ? (
                  <span data-testid="home-end-state">
                    {Number(info.canvisit) ? t('courses.home.endedVisit') : t('courses.home.endedBlocked')}
                  </span>
                ) : undefined
              }
              arrowIcon={!ended}
              data-testid="home-end"
            >
              <span className={ended ? 'muted' : 'danger-text'}>{ended ? t('courses.card.ended') : t('courses.home.end')}</span>
            </List.Item>
          ) : null}
        </List>
      ) : can('quit') ? (
        <List className="setting-list" header={t('courses.home.mine')}>
          <List.Item onClick={() => void quit()} data-testid="home-quit">
            <span className="danger-text">{t('courses.home.quit')}</span>
          </List.Item>
        </List>
      ) : null}

      <CodePopup
        course={codeOpen ? info : null}
        canManage={can('manageCode')}
        onClose={() => setCodeOpen(false)}
        onChanged={(next) => {
          update(next);
          void queryClient.invalidateQueries({ queryKey: ['courses', 'list'] });
        }}
      />
      {info.coid ? <ShareDialog coid={info.coid} visible={shareOpen} onClose={() => setShareOpen(false)} /> : null}
      {flows.element}
    </div>
  );
}
