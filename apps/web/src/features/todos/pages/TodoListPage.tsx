import { ActionSheet, Button, ErrorBlock, PullToRefresh, Skeleton, SwipeAction } from 'antd-mobile';
import type { Action } from 'antd-mobile/es/components/action-sheet';
import { DownOutline, FilterOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { ListEnd } from '../../../components/ListEnd';
import { PageNavBar } from '../../../components/PageNavBar';
import { errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { LoadFailed } from '../../courses/components/NoPermission';
import { parseCourseId } from '../../courses/utils';
import { type TodoItem, todoKey } from '../api';
import { TodoCard } from '../components/TodoCard';
import { TodoFilterPopup } from '../components/TodoFilterPopup';
import { useNow } from '../hooks/useNow';
import { useTodoActions } from '../hooks/useTodoActions';
import { useTodoList } from '../hooks/useTodoList';
import { todoPath } from '../utils';

/** /todoList (a tab): the to-dos of all courses or one, 10 a page as the list scrolls (spec 1 §2). */
export default function TodoListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const classid = parseCourseId(params.get('classid')) ?? 0;
  const { query, items, total, courses } = useTodoList(classid);
  const actions = useTodoActions();
  const [filterOpen, setFilterOpen] = useState(false);
  const [acting, setActing] = useState<TodoItem | null>(null);

  // a course keeps its name in the filter after its last to-do is done (it then leaves `courses`)
  const names = useRef(new Map<number, string>());
  for (const c of courses) names.current.set(c.id, c.coursename);
  const filterLabel = classid === 0 ? t('todos.filter.all') : (names.current.get(classid) ?? t('todos.filter.one'));

  const choose = (id: number) => {
    setFilterOpen(false);
    setParams(id ? { classid: String(id) } : {}, { replace: true });
  };

  const open = (item: TodoItem) => {
    const path = todoPath(item);
    if (path) navigate(path);
  };

  const loadMore = async () => {
    const result = await query.fetchNextPage();
    // a failed page shows InfiniteScroll's retry instead of asking again at once
    if (result.isError) throw result.error;
  };

  const sheetActions: Action[] = acting
    ? [
        {
          key: 'finish',
          text: <span data-testid="todo-action-finish">{t('todos.finish.action')}</span>,
          onClick: () => {
            const item = acting;
            setActing(null);
            void actions.finish(item);
          },
        },
        {
          key: 'ignore',
          text: <span data-testid="todo-action-ignore">{t('todos.ignore.action')}</span>,
          onClick: () => {
            const item = acting;
            setActing(null);
            void actions.ignore(item);
          },
        },
      ]
    : [];

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <div className="todo-list" data-testid="todo-loading">
        {[0, 1, 2].map((i) => (
          <div className="todo-card todo-card-skeleton" key={i}>
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        ))}
      </div>
    );
  } else if (query.isError) {
    body = <LoadFailed message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <div className="page-center todo-state" data-testid="todo-empty">
        <ErrorBlock
          status="empty"
          title={<span data-testid="todo-empty-title">{classid ? t('todos.empty.courseTitle') : t('todos.empty.title')}</span>}
          description={<span data-testid="todo-empty-text">{classid ? t('todos.empty.courseText') : t('todos.empty.text')}</span>}
        />
        {classid ? (
          <Button color="primary" fill="outline" className="center-button" onClick={() => choose(0)} data-testid="todo-empty-all">
            {t('todos.filter.showAll')}
          </Button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <>
        <div className="todo-list" data-testid="todo-list">
          {items.map((item) => (
            <SwipeAction
              key={todoKey(item)}
              className="todo-swipe"
              rightActions={[
                { key: 'ignore', text: t('todos.ignore.action'), color: 'weak', onClick: () => void actions.ignore(item) },
                { key: 'finish', text: t('todos.finish.action'), color: 'primary', onClick: () => void actions.finish(item) },
              ]}
            >
              <TodoCard item={item} now={now} onOpen={() => open(item)} onMore={() => setActing(item)} />
            </SwipeAction>
          ))}
        </div>
        <ListEnd
          loadMore={loadMore}
          hasMore={query.hasNextPage}
          prefix="todo"
          failedText={t('todos.loadMoreFailed')}
          endText={t('todos.end')}
        />
      </>
    );
  }

  return (
    <div className="page tab-page todo-page" data-testid="tab-page-todoList">
      <PageNavBar title={t('tabs.todo')} noBack />
      <div className="todo-filter-bar">
        <button type="button" className="todo-filter-button" onClick={() => setFilterOpen(true)} data-testid="todo-filter">
          <FilterOutline />
          <span className="todo-filter-label" data-testid="todo-filter-label">
            {filterLabel}
          </span>
          <DownOutline className="todo-filter-arrow" />
        </button>
        {query.isSuccess && total > 0 ? (
          <span className="todo-total" data-testid="todo-total">
            {t('todos.total', { count: total })}
          </span>
        ) : null}
      </div>
      <PullToRefresh
        onRefresh={async () => {
          await query.refetch();
        }}
      >
        <div className="todo-body" aria-busy={query.isFetching}>
          {body}
        </div>
      </PullToRefresh>
      <TodoFilterPopup
        visible={filterOpen}
        courses={courses}
        selected={classid}
        onSelect={(course) => choose(course?.id ?? 0)}
        onClose={() => setFilterOpen(false)}
      />
      <ActionSheet
        visible={acting !== null}
        actions={sheetActions}
        extra={acting ? <span data-testid="todo-actions-title">{acting.contenttitle}</span> : undefined}
        cancelText={t('common.cancel')}
        onClose={() => setActing(null)}
      />
    </div>
  );
}
