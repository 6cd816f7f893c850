import { Button, Checkbox, ErrorBlock, SearchBar, type SearchBarRef, Skeleton, Toast } from 'antd-mobile';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { membersApi } from '../api';
import { LoadMoreButton } from '../components/LoadMoreButton';
import { PersonRow } from '../components/PersonRow';
import { useRefreshMembers } from '../hooks/useRefreshMembers';
import { useStudentList } from '../hooks/useStudentList';
import { memberPath } from '../paths';
import type { StudentRow } from '../types';

/** /member/remove?courseId=: choose students (at least one) and take them out of the course after confirming. */
export default function RemoveStudentsPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  return (
    <div className="page member-page" data-testid="remove-page">
      <PageNavBar title={t('members.remove.title')} />
      <CourseGate courseId={courseId} info={info} ability="manageMembers">
        {(course) => <RemoveList info={course} />}
      </CourseGate>
    </div>
  );
}

function RemoveList({ info }: { info: CourseInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courseId = info.id;
  const goBack = useGoBack(memberPath(courseId));
  const refresh = useRefreshMembers(courseId);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(typed.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const searchRef = useRef<SearchBarRef>(null);
  useLayoutEffect(() => {
    searchRef.current?.nativeElement?.setAttribute('data-testid', 'remove-search');
  });
  const { query, rows } = useStudentList(courseId, search, 'all');
  // chosen students stay chosen while the search changes
  const [chosen, setChosen] = useState<Map<number, StudentRow>>(new Map());
  const [saving, setSaving] = useState(false);

  const toggle = (row: StudentRow, on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(row.uid, row);
      else next.delete(row.uid);
      return next;
    });

  const submit = async () => {
    const people = [...chosen.values()];
    if (people.length === 0) {
      Toast.show({ content: t('validation.chooseOne') });
      return;
    }
    const names = people
      .slice(0, 3)
      .map((p) => p.username)
      .join(t('members.remove.separator'));
    const confirmed = await confirmDialog({
      title: t('members.remove.confirmTitle'),
      content:
        people.length > 3
          ? t('members.remove.confirmMany', { names, count: people.length })
          : t('members.remove.confirm', { names, count: people.length }),
      confirmText: t('members.remove.action'),
      danger: true,
      testid: 'remove-ask',
    }).result;
    if (!confirmed) return;
    setSaving(true);
    try {
      const { count } = await membersApi.removeStudents(
        courseId,
        people.map((p) => p.uid),
      );
      Toast.show({ content: t('members.remove.done', { count }) });
      await refresh();
      goBack();
    } catch (e) {
      showApiError(e);
    } finally {
      setSaving(false);
    }
  };

  const allChecked = rows.length > 0 && rows.every((r) => chosen.has(r.uid));

  return (
    <div className="member-tab has-bar">
      <div className="member-search-row">
        <SearchBar
          ref={searchRef}
          className="course-search"
          placeholder={t('members.students.searchPlaceholder')}
          value={typed}
          onChange={setTyped}
          onClear={() => setTyped('')}
        />
      </div>
      <p className="member-intro-text muted small">{t('members.remove.intro')}</p>
      {query.isPending ? (
        <div className="member-list-loading">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : query.isError ? (
        <QueryFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <div className="member-empty" data-testid="remove-empty">
          <ErrorBlock
            status="empty"
            title={search ? t('members.students.noMatch') : t('members.students.empty')}
            description=""
          />
          {search ? null : (
            <Button color="primary" fill="outline" onClick={() => navigate(memberPath(courseId))} className="center-button">
              {t('common.back')}
            </Button>
          )}
        </div>
      ) : (
        <>
          <ul className="person-list">
            {rows.map((row) => {
              const checked = chosen.has(row.uid);
              return (
                <PersonRow
                  key={row.uid}
                  testid="remove-row"
                  uid={row.uid}
                  name={row.username}
                  avatar={row.avatar}
                  selected={checked}
                  arrow={false}
                  prefix={
                    <Checkbox
                      className="person-check"
                      checked={checked}
                      onChange={(on) => toggle(row, on)}
                      data-testid="remove-check"
                      aria-label={row.username}
                    />
                  }
                  sub={row.stno ? t('members.students.stno', { stno: row.stno }) : t('members.students.noStno')}
                  onOpen={() => toggle(row, !checked)}
                />
              );
            })}
          </ul>
          {query.hasNextPage ? <LoadMoreButton query={query} testid="remove-more" /> : null}
        </>
      )}
      <div className="review-bar member-bar">
        <Checkbox
          checked={allChecked}
          indeterminate={!allChecked && rows.some((r) => chosen.has(r.uid))}
          onChange={(on) =>
            setChosen((current) => {
              const next = new Map(current);
              for (const row of rows) {
                if (on) next.set(row.uid, row);
                else next.delete(row.uid);
              }
              return next;
            })
          }
          data-testid="remove-select-all"
        >
          {t('members.students.selectAll')}
        </Checkbox>
        <span className="muted small review-count" data-testid="remove-selected">
          {t('members.students.selected', { count: chosen.size })}
        </span>
        <Button
          size="small"
          shape="rounded"
          color="danger"
          loading={saving}
          disabled={saving}
          onClick={() => void submit()}
          data-testid="remove-submit"
        >
          {t('members.remove.action')}
        </Button>
      </div>
    </div>
  );
}
