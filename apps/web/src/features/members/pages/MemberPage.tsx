import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd-mobile';
import { SetOutline } from 'antd-mobile-icons';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate } from '../../courses/components/CourseGate';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { courseHomePath } from '../../courses/utils';
import { memberKeys, membersApi } from '../api';
import { GroupingsTab } from '../components/GroupingsTab';
import { StudentsTab } from '../components/StudentsTab';
import { TeamTab } from '../components/TeamTab';
import { MEMBER_TABS, type MemberTab, memberPath, memberSettingPath } from '../paths';

/** /member?courseId=[&tab=team|groups]: the course's students, teaching team and groupings (spec 1 §2). */
export default function MemberPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const role: 0 | 1 = Number(info.data?.courseRole) === 1 ? 1 : 0;
  const goBack = useGoBack(courseId ? courseHomePath(courseId, role) : undefined);
  const manager = info.data ? hasAbility(info.data, 'manageMembers') : false;

  return (
    <div className="page member-page" data-testid="member-page">
      <PageNavBar
        title={t('members.title')}
        onBack={goBack}
        right={
          manager && courseId ? (
            <button
              type="button"
              className="nav-icon-button"
              onClick={() => navigate(memberSettingPath(courseId))}
              aria-label={t('members.setting.title')}
              data-testid="member-setting"
            >
              <SetOutline />
            </button>
          ) : undefined
        }
      />
      <CourseGate courseId={courseId} info={info}>
        {(course) => <Members info={course} />}
      </CourseGate>
    </div>
  );
}

function Members({ info }: { info: CourseInfo }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab') as MemberTab | null;
  const tab: MemberTab = raw && MEMBER_TABS.includes(raw) ? raw : 'students';
  const count = useQuery({
    queryKey: memberKeys.count(info.id),
    queryFn: () => membersApi.studentCount(info.id),
    retry: retryNetworkOnly,
  });

  const titles: Record<MemberTab, string> = {
    students: count.data ? t('members.tabs.studentsCount', { count: Number(count.data.count) }) : t('members.tabs.students'),
    team: t('members.tabs.team'),
    groups: t('members.tabs.groups'),
  };

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setParams(new URL(memberPath(info.id, key as MemberTab), window.location.origin).searchParams, { replace: true })
        }
        className="course-tabs member-tabs"
      >
        {MEMBER_TABS.map((key) => (
          <Tabs.Tab key={key} title={<span data-testid={`member-tab-${key}`}>{titles[key]}</span>} />
        ))}
      </Tabs>
      {tab === 'students' ? <StudentsTab info={info} /> : tab === 'team' ? <TeamTab info={info} /> : <GroupingsTab info={info} />}
    </>
  );
}
