import { USERTYPE_TEACHER } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, SearchBar, type SearchBarRef, Skeleton } from 'antd-mobile';
import {
  AddCircleOutline,
  DownOutline,
  FolderOutline,
  ScanCodeOutline,
  UnorderedListOutline,
  UpOutline,
} from 'antd-mobile-icons';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LightTabs } from '../../../components/LightTabs';
import { PageNavBar } from '../../../components/PageNavBar';
import { errorMessage, showApiError } from '../../../lib/api';
import { loadStrings } from '../../../lib/i18n';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { HomeIcon } from '../../home/components/HomeIcon';
import { AttestPrompt } from '../../institutions/components/AttestPrompt';
import { UnreadNoticeDialog } from '../../notices/components/UnreadNoticeDialog';
import { courseKeys, coursesApi } from '../api';
import { ClassStateBanner } from '../components/ClassStateBanner';
import type { CodeCourse } from '../components/CodePopup';
import { CourseCard } from '../components/CourseCard';
import { useCourseList } from '../hooks/useCourseList';
import type { CourseItem, ListTab } from '../types';
import { courseHomePath, menuRole, moveCourse, semesterTitle } from '../utils';

const TEACHER_TABS: ListTab[] = ['teach', 'assist', 'study'];
/** spec 1 §9: two semesters show until expanded; the expand button appears with three or more */
const SEMESTERS_SHOWN = 2;

/** A part shown on demand, with the courses' words beyond the list's own (issue 23: the list loads those only). */
const withWords = <T,>(load: () => Promise<T>) => Promise.all([load(), loadStrings('courses')]).then(([m]) => m);
// shown on demand: the course code popup (QR code) and the sort mode (issue 10: /ktpCourse's first load)
const CodePopup = lazy(() => withWords(() => import('../components/CodePopup')).then((m) => ({ default: m.CodePopup })));
const SortList = lazy(() => withWords(() => import('../components/SortList')).then((m) => ({ default: m.SortList })));
// the empty and error states' pictures, when there is no list to show
const EmptyBlock = lazy(() => import('../../../components/EmptyBlock'));
const ErrorBlock = lazy(() => import('../../../components/ErrorPicture'));
// and the course menu with its flows (dialogs, toasts, the course schemas), on the first tap of a "⋯"
const CourseMenu = lazy(() => withWords(() => import('../components/CourseMenu')).then((m) => ({ default: m.CourseMenu })));

/** /ktpCourse: the caller's courses by tab, grouped by semester, with search, sorting and each course's menu (spec 1 §2). */
export default function CourseListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const isTeacher = Number(user?.usertype) === USERTYPE_TEACHER;
  const [params, setParams] = useSearchParams();
  const rawTab = params.get('tab') as ListTab | null;
  // teachers open on the taught tab; students only have the courses they learn (spec 1 §2)
  const tab: ListTab = isTeacher ? (rawTab && TEACHER_TABS.includes(rawTab) ? rawTab : 'teach') : 'study';

  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(typed.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const list = useCourseList(tab, search);
  const [menuCourse, setMenuCourse] = useState<CourseItem | null>(null);
  const menuOpened = useWasTrue(menuCourse !== null);
  const [codeCourse, setCodeCourse] = useState<(CodeCourse & { owner: boolean }) | null>(null);
  // the code popup (QR code, popup animation) is fetched when first shown, and stays mounted to animate its closing
  const codeOpened = useWasTrue(codeCourse !== null);
  const [sorting, setSorting] = useState<CourseItem[] | null>(null);
  const [saving, setSaving] = useState(false);
  // the unread-announcement dialog goes first; the identity-authentication prompt waits for it
  const [noticeShowing, setNoticeShowing] = useState(true);

  const searchRef = useRef<SearchBarRef>(null);
  useLayoutEffect(() => {
    searchRef.current?.nativeElement?.setAttribute('data-testid', 'course-search');
  });

  const switchTab = (next: string) => {
    setSorting(null);
    setParams(next === 'teach' ? {} : { tab: next }, { replace: true });
  };

  const open = (course: CourseItem) => navigate(courseHomePath(course.id, Number(course.role) === 1 ? 1 : 0));

  const card = (course: CourseItem) => (
    <CourseCard
      key={course.id}
      course={course}
      onOpen={() => open(course)}
      onMore={() => setMenuCourse(course)}
      onCode={
        Number(course.role) === 1
          ? () =>
              setCodeCourse({
                id: course.id,
                coursename: course.coursename,
                code: course.code,
                stopcode: course.stopcode,
                owner: menuRole(course) === 'owner',
              })
          : undefined
      }
    />
  );

  // pinned courses always come first, so a course moves only among its own kind (see moveCourse)
  const move = (from: number, to: number) => setSorting((current) => (current ? moveCourse(current, from, to) : current));

  const saveOrder = async () => {
    if (!sorting) return;
    setSaving(true);
    try {
      await coursesApi.sortCourse(sorting.map((c) => c.id));
      void import('../../../components/alerts').then((m) => m.showToast(t('courses.sort.saved')));
      setSorting(null);
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
    } catch (e) {
      showApiError(e);
    } finally {
      setSaving(false);
    }
  };

  const data = list.data;
  const count = data?.courses.length ?? 0;

  return (
    <div className="page tab-page course-list-page" data-testid="tab-page-ktpCourse">
      <PageNavBar
        title={t('tabs.courses')}
        noBack
        right={
          <>
            {/* issue 28: a member's mark, where the 50-course cap it lifts would otherwise be met; it opens the membership */}
            {Number(user?.isvip ?? 0) > 0 ? (
              <button
                type="button"
                className="course-list-vip"
                onClick={() => navigate('/vipManagement')}
                aria-label={t('courses.vipMark')}
                data-testid="course-list-vip"
              >
                VIP
              </button>
            ) : null}
            <button
              type="button"
              className="nav-icon-button"
              onClick={() => navigate('/index')}
              aria-label={t('home.open')}
              data-testid="course-list-home"
            >
              <HomeIcon />
            </button>
          </>
        }
      />
      {data && !sorting ? <ClassStateBanner courses={data.courses} onOpen={open} /> : null}
      <section className="course-quick">
        {isTeacher ? (
          <button type="button" className="course-quick-item" onClick={() => navigate('/newCourse')} data-testid="course-create">
            <span className="course-quick-icon is-blue">
              <AddCircleOutline />
            </span>
            <span>{t('courses.list.create')}</span>
          </button>
        ) : null}
        <button type="button" className="course-quick-item" onClick={() => navigate('/joinCourse')} data-testid="course-join">
          <span className="course-quick-icon is-green">
            <ScanCodeOutline />
          </span>
          <span>{t('courses.list.join')}</span>
        </button>
        <button type="button" className="course-quick-item" onClick={() => navigate('/filedCourse')} data-testid="course-archive">
          <span className="course-quick-icon is-orange">
            <FolderOutline />
          </span>
          <span>{t('courses.list.archive')}</span>
        </button>
      </section>

      <div className="course-search-row">
        <SearchBar
          ref={searchRef}
          className="course-search"
          placeholder={t('courses.list.searchPlaceholder')}
          value={typed}
          onChange={setTyped}
          onSearch={(v) => setSearch(v.trim())}
          onClear={() => setSearch('')}
          maxLength={50}
        />
        {count > 1 && !sorting ? (
          <button
            type="button"
            className="course-sort-button"
            onClick={() => setSorting(data!.courses)}
            data-testid="course-sort"
          >
            <UnorderedListOutline /> {t('courses.sort.button')}
          </button>
        ) : null}
      </div>

      {isTeacher ? (
        <LightTabs
          activeKey={tab}
          onChange={switchTab}
          className="course-tabs"
          tabs={[
            { key: 'teach', title: <span data-testid="course-tab-teach">{t('courses.list.tabTeach')}</span> },
            { key: 'assist', title: <span data-testid="course-tab-assist">{t('courses.list.tabAssist')}</span> },
            { key: 'study', title: <span data-testid="course-tab-study">{t('courses.list.tabStudy')}</span> },
          ]}
        />
      ) : null}

      <div className="course-list-body" data-testid="course-list" data-tab={tab} aria-busy={list.isFetching}>
        {list.isPending ? (
          <div data-testid="course-list-loading">
            {[0, 1].map((i) => (
              <div className="course-card course-card-skeleton" key={i}>
                <Skeleton.Title animated />
                <Skeleton.Paragraph lineCount={2} animated />
              </div>
            ))}
          </div>
        ) : list.isError ? (
          <div className="page-center course-list-state">
            <Suspense fallback={null}>
              <ErrorBlock status="default" title={t('courses.list.loadFailed')} description={errorMessage(list.error)} />
            </Suspense>
            <Button
              color="primary"
              fill="outline"
              onClick={() => void list.refetch()}
              data-testid="course-list-retry"
              className="center-button"
            >
              {t('common.retry')}
            </Button>
          </div>
        ) : sorting ? (
          <Suspense fallback={<Skeleton.Paragraph lineCount={5} animated />}>
            <SortList
              courses={sorting}
              saving={saving}
              onMove={move}
              onCancel={() => setSorting(null)}
              onSave={() => void saveOrder()}
            />
          </Suspense>
        ) : count === 0 ? (
          <Suspense fallback={null}>
            <EmptyList tab={tab} searching={search !== ''} isTeacher={isTeacher} />
          </Suspense>
        ) : (
          <CourseSections key={`${tab}:${search}`} pinned={data!.pinned} groups={data!.groups} renderCard={card} />
        )}
      </div>

      {menuOpened ? (
        <Suspense fallback={null}>
          <CourseMenu course={menuCourse} onClose={() => setMenuCourse(null)} />
        </Suspense>
      ) : null}
      {/* spec 1 §2: the announcements the caller has not read yet */}
      <UnreadNoticeDialog onShowingChange={setNoticeShowing} />
      {/* spec 1 §6: the caller's school requires identity authentication */}
      <AttestPrompt blocked={noticeShowing} />
      {codeOpened ? (
        <Suspense fallback={null}>
          <CodePopup
            course={codeCourse}
            canManage={codeCourse?.owner ?? false}
            onClose={() => setCodeCourse(null)}
            onChanged={(next) => {
              setCodeCourse((current) => (current ? { ...current, ...next } : current));
              void queryClient.invalidateQueries({ queryKey: courseKeys.all });
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function CourseSections({
  pinned,
  groups,
  renderCard,
}: {
  pinned: CourseItem[];
  groups: { key: string; semester: string; term: number; courses: CourseItem[] }[];
  renderCard: (course: CourseItem) => React.ReactNode;
}) {
  const { t } = useTranslation();
  // the first section starts open, the others collapsed (spec 1 §2); taps override that per term,
  // so that a refreshed list (a new course, a new term) keeps what the user opened
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? groups : groups.slice(0, SEMESTERS_SHOWN);
  const isOpen = (key: string) => toggled[key] ?? key === groups[0]?.key;
  const toggle = (key: string) => setToggled((current) => ({ ...current, [key]: !isOpen(key) }));

  return (
    <>
      {pinned.length > 0 ? (
        <section className="course-section" data-testid="pinned-section">
          <h2 className="course-section-title is-static">{t('courses.list.pinned')}</h2>
          {pinned.map(renderCard)}
        </section>
      ) : null}
      {shown.map((group) => {
        const open = isOpen(group.key);
        return (
          <section className="course-section" key={group.key} data-testid="semester-section" data-key={group.key}>
            <button
              type="button"
              className="course-section-title"
              aria-expanded={open}
              onClick={() => toggle(group.key)}
              data-testid="semester-header"
            >
              <span data-testid="semester-title">{semesterTitle(t, group.semester, group.term)}</span>
              <span className="course-section-count">{t('courses.list.count', { count: group.courses.length })}</span>
              {open ? <UpOutline /> : <DownOutline />}
            </button>
            {open ? group.courses.map(renderCard) : null}
          </section>
        );
      })}
      {groups.length > SEMESTERS_SHOWN ? (
        <button type="button" className="course-expand" onClick={() => setExpanded((v) => !v)} data-testid="semester-expand">
          {expanded ? t('courses.list.collapse') : t('courses.list.expand', { count: groups.length - SEMESTERS_SHOWN })}
          {expanded ? <UpOutline /> : <DownOutline />}
        </button>
      ) : null}
    </>
  );
}

function EmptyList({ tab, searching, isTeacher }: { tab: ListTab; searching: boolean; isTeacher: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (searching) {
    return (
      <div className="page-center course-list-state" data-testid="course-empty">
        <EmptyBlock
          status="empty"
          title={<span data-testid="course-empty-title">{t('courses.list.noMatch')}</span>}
          description=""
        />
      </div>
    );
  }
  const title =
    tab === 'teach'
      ? t('courses.list.emptyTeach')
      : tab === 'assist'
        ? t('courses.list.emptyAssist')
        : t('courses.list.emptyStudy');
  const text =
    tab === 'teach'
      ? t('courses.list.emptyTeachText')
      : tab === 'assist'
        ? t('courses.list.emptyAssistText')
        : t('courses.list.emptyStudyText');
  return (
    <div className="page-center course-list-state" data-testid="course-empty">
      <EmptyBlock
        status="empty"
        title={<span data-testid="course-empty-title">{title}</span>}
        description={<span data-testid="course-empty-text">{text}</span>}
      />
      {tab === 'teach' && isTeacher ? (
        <Button
          color="primary"
          onClick={() => navigate('/newCourse')}
          data-testid="course-empty-create"
          className="center-button"
        >
          {t('courses.list.create')}
        </Button>
      ) : tab === 'study' ? (
        <Button color="primary" onClick={() => navigate('/joinCourse')} data-testid="course-empty-join" className="center-button">
          {t('courses.list.join')}
        </Button>
      ) : null}
    </div>
  );
}

/** true from the first time `value` is true on. */
function useWasTrue(value: boolean) {
  const [was, setWas] = useState(value);
  if (value && !was) setWas(true);
  return was || value;
}
