import { USERTYPE_TEACHER } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { useLocation } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { courseKeys } from '../../courses/api';
import { todoKeys } from '../../todos/api';
import { CourseBanner } from '../components/CourseBanner';
import { HomeCarousel } from '../components/HomeCarousel';
import { HomeQuickButtons } from '../components/HomeQuickButtons';
import { HomeTodos } from '../components/HomeTodos';
import '../home.css';

/**
 * /index and /ktpStudentHome: the home page (spec 1 §2): the carousel, quick buttons, the first
 * to-dos and the playground, and a banner of the user's courses. Recommended courses (students)
 * need a course marketplace to recommend from, which does not exist yet, so none are shown.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useUser();
  const location = useLocation();
  const queryClient = useQueryClient();
  // /ktpStudentHome sits above the tab bar, so it has no back arrow; /index is a page of its own
  const inShell = location.pathname.toLowerCase() === '/ktpstudenthome';

  if (!user) return <LoadingScreen />;
  const isTeacher = Number(user.usertype) === USERTYPE_TEACHER;

  return (
    <div
      className={`page home-page${inShell ? ' tab-page' : ''}`}
      data-testid="home-page"
      data-role={isTeacher ? 'teacher' : 'student'}
    >
      <PageNavBar title={t('home.title')} noBack={inShell} />
      <PullToRefresh
        onRefresh={async () => {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: todoKeys.all }),
            queryClient.invalidateQueries({ queryKey: courseKeys.all }),
          ]);
        }}
      >
        <HomeCarousel />
        <HomeQuickButtons isTeacher={isTeacher} />
        <HomeTodos />
        <CourseBanner isTeacher={isTeacher} />
      </PullToRefresh>
    </div>
  );
}
