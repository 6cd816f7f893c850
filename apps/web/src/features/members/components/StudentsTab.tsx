import { useQuery } from '@tanstack/react-query';
import { ActionSheet, Button, Checkbox, ErrorBlock, SearchBar, type SearchBarRef, Skeleton, Tag, Toast } from 'antd-mobile';
import type { Action } from 'antd-mobile/es/components/action-sheet';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { QueryFailed } from '../../courses/components/CourseGate';
import { hasAbility } from '../../courses/hooks/useCourseInfo';
import type { CourseInfo } from '../../courses/types';
import { memberKeys, membersApi } from '../api';
import { useRefreshMembers } from '../hooks/useRefreshMembers';
import { type ClassFilter, useStudentList } from '../hooks/useStudentList';
import { removeStudentsPath, studentInfoPath } from '../paths';
import { ClassManager } from './ClassManager';
import { LoadMoreButton } from './LoadMoreButton';
import { PersonRow } from './PersonRow';

/** The 学生 tab of /member: search, class filter, "load more"; teachers also manage classes and students. */
export function StudentsTab({ info }: { info: CourseInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courseId = info.id;
  const manager = hasAbility(info, 'manageMembers');
  const refresh = useRefreshMembers(courseId);

  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(typed.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const searchRef = useRef<SearchBarRef>(null);
  useLayoutEffect(() => {
    searchRef.current?.nativeElement?.setAttribute('data-testid', 'member-search');
  });

  const [filter, setFilter] = useState<ClassFilter>('all');
  const classes = useQuery({
    queryKey: memberKeys.classes(courseId),
    queryFn: () => membersApi.classes(courseId),
    retry: retryNetworkOnly,
  });
  const { query, rows, total } = useStudentList(courseId, search, filter);

  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [classesOpen, setClassesOpen] = useState(false);
  const [moveOpen, setMoveOpen] = useState(false);
  const [moving, setMoving] = useState(false);

  const classList = classes.data ?? [];
  const showChips = classList.length > 0 || manager;

  const stopSelecting = () => {
    setSelecting(false);
    setSelected([]);
  };

  const openMove = () => {
    if (selected.length === 0) {
      Toast.show({ content: t('validation.chooseOne') });
      return;
    }
    if (classList.length === 0) {
      Toast.show({ content: t('members.classes.createFirst') });
      setClassesOpen(true);
      return;
    }
    setMoveOpen(true);
  };

  const move = async (id: number, name: string) => {
    setMoveOpen(false);
    setMoving(true);
    try {
      const { count } = await membersApi.moveToClass(courseId, id, selected);
      Toast.show({ content: id ? t('members.classes.movedIn', { count, name }) : t('members.classes.movedOut', { count }) });
      stopSelecting();
      await refresh();
    } catch (e) {
      showApiError(e);
    } finally {
      setMoving(false);
    }
  };

  const moveActions: Action[] = [
    ...classList.map((cls) => ({
      key: String(cls.id),
      text: (
        <span data-testid="move-class-option" data-id={cls.id}>
          {cls.name}
        </span>
      ),
      onClick: () => void move(cls.id, cls.name),
    })),
    {
      key: 'out',
      text: (
        <span data-testid="move-class-option" data-id="0">
          {t('members.classes.moveOut')}
        </span>
      ),
      onClick: () => void move(0, ''),
    },
  ];

  const chip = (key: ClassFilter, label: string, count?: number) => (
    <button
      key={String(key)}
      type="button"
      className={`filter-chip${filter === key ? ' is-active' : ''}`}
      aria-pressed={filter === key}
      onClick={() => setFilter(key)}
      data-testid="class-filter"
      data-id={String(key)}
    >
      {label}
      {count !== undefined ? <span className="filter-chip-count">{count}</span> : null}
    </button>
  );

  const searching = search !== '' || filter !== 'all';
  const allChecked = rows.length > 0 && rows.every((r) => selected.includes(r.uid));

  return (
    <div className={`member-tab${selecting ? ' has-bar' : ''}`}>
      <div className="member-search-row">
        <SearchBar
          ref={searchRef}
          className="course-search"
          placeholder={manager ? t('members.students.searchPlaceholder') : t('members.students.searchNamePlaceholder')}
          value={typed}
          onChange={setTyped}
          onClear={() => setTyped('')}
        />
      </div>
      {showChips ? (
        <div className="filter-chips">
          {chip('all', t('members.classes.all'))}
          {chip(0, t('members.classes.none'))}
          {classList.map((cls) => chip(cls.id, cls.name, Number(cls.count)))}
          {manager ? (
            <button
              type="button"
              className="filter-chip is-manage"
              onClick={() => setClassesOpen(true)}
              data-testid="class-manage"
            >
              {t('members.classes.manage')}
            </button>
          ) : null}
        </div>
      ) : null}

      <div className="member-toolbar">
        <span className="muted small" data-testid="member-count" aria-live="polite">
          {query.isSuccess ? t('members.students.total', { count: total }) : ' '}
        </span>
        {manager && !selecting && (total > 0 || searching) ? (
          <span className="member-toolbar-buttons">
            <Button size="mini" shape="rounded" onClick={() => setSelecting(true)} data-testid="member-select">
              {t('members.students.assignClass')}
            </Button>
            <Button
              size="mini"
              shape="rounded"
              color="danger"
              fill="outline"
              onClick={() => navigate(removeStudentsPath(courseId))}
              data-testid="member-remove"
            >
              {t('members.students.remove')}
            </Button>
          </span>
        ) : null}
        {selecting ? (
          <span className="member-toolbar-buttons">
            <span className="muted small">{t('members.students.selectHint')}</span>
          </span>
        ) : null}
      </div>

      {query.isPending ? (
        <div className="member-list-loading" data-testid="member-loading">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : query.isError ? (
        <QueryFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <div className="member-empty" data-testid="member-empty">
          <ErrorBlock
            status="empty"
            title={searching ? t('members.students.noMatch') : t('members.students.empty')}
            description={
              searching
                ? ''
                : manager && info.code
                  ? t('members.students.emptyTeacher', { code: info.code })
                  : t('members.students.emptyStudent')
            }
          />
        </div>
      ) : (
        <>
          <ul className="person-list" data-testid="member-list">
            {rows.map((row) => {
              const checked = selected.includes(row.uid);
              return (
                <PersonRow
                  key={row.uid}
                  testid="member-row"
                  uid={row.uid}
                  name={row.username}
                  avatar={row.avatar}
                  selected={selecting && checked}
                  arrow={!selecting}
                  prefix={
                    selecting ? (
                      <Checkbox
                        className="person-check"
                        checked={checked}
                        onChange={(on) =>
                          setSelected((current) => (on ? [...current, row.uid] : current.filter((id) => id !== row.uid)))
                        }
                        data-testid="member-check"
                        aria-label={row.username}
                      />
                    ) : undefined
                  }
                  sub={
                    manager ? (
                      <span data-testid="member-stno">
                        {row.stno ? t('members.students.stno', { stno: row.stno }) : t('members.students.noStno')}
                      </span>
                    ) : undefined
                  }
                  tags={
                    manager && row.classname ? (
                      <Tag color="primary" fill="outline" className="person-tag" data-testid="member-class">
                        {row.classname}
                      </Tag>
                    ) : undefined
                  }
                  onOpen={
                    selecting
                      ? () => setSelected((current) => (checked ? current.filter((id) => id !== row.uid) : [...current, row.uid]))
                      : manager
                        ? () => navigate(studentInfoPath(courseId, row.uid))
                        : undefined
                  }
                />
              );
            })}
          </ul>
          {query.hasNextPage ? (
            <LoadMoreButton query={query} testid="member-more" />
          ) : (
            <p className="list-end muted small" data-testid="member-end">
              {t('members.students.end')}
            </p>
          )}
        </>
      )}

      {selecting ? (
        <div className="review-bar member-bar">
          <Checkbox
            checked={allChecked}
            indeterminate={selected.length > 0 && !allChecked}
            onChange={(on) => setSelected(on ? rows.map((r) => r.uid) : [])}
            data-testid="member-select-all"
          >
            {t('members.students.selectAll')}
          </Checkbox>
          <span className="muted small review-count" data-testid="member-selected">
            {t('members.students.selected', { count: selected.length })}
          </span>
          <Button size="small" shape="rounded" onClick={stopSelecting} data-testid="member-select-cancel">
            {t('common.cancel')}
          </Button>
          <Button size="small" shape="rounded" color="primary" loading={moving} onClick={openMove} data-testid="member-move">
            {t('members.classes.moveTo')}
          </Button>
        </div>
      ) : null}

      <ActionSheet
        visible={moveOpen}
        actions={moveActions}
        extra={<span data-testid="move-class-title">{t('members.classes.moveTitle', { count: selected.length })}</span>}
        cancelText={t('common.cancel')}
        onClose={() => setMoveOpen(false)}
      />
      {manager ? (
        <ClassManager
          courseId={courseId}
          open={classesOpen}
          classes={classList}
          onClose={() => setClassesOpen(false)}
          onDeleted={(id) => {
            if (filter === id) setFilter('all');
          }}
        />
      ) : null}
    </div>
  );
}
