import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock, Skeleton, Tabs } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { errorMessage } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { todoKey, todoKeys, todosApi } from '../../todos/api';
import { TodoCard } from '../../todos/components/TodoCard';
import { useNow } from '../../todos/hooks/useNow';
import { todoPath } from '../../todos/utils';

/**
 * The home page's to-dos: the first three (spec 1 §9). The spec's second tab, the playground (a
 * school community feed), is not built, so it is not shown (decision 015).
 */
export function HomeTodos() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow();
  const todos = useQuery({ queryKey: todoKeys.index, queryFn: todosApi.indexList, retry: retryNetworkOnly });

  let todoBody: React.ReactNode;
  if (todos.isPending) {
    todoBody = (
      <div className="todo-card todo-card-skeleton" data-testid="home-todo-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={2} animated />
      </div>
    );
  } else if (todos.isError) {
    todoBody = (
      <div className="home-todo-state" data-testid="home-todo-error">
        <span>{errorMessage(todos.error)}</span>
        <Button size="mini" color="primary" fill="outline" onClick={() => void todos.refetch()} data-testid="home-todo-retry">
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (todos.data.list.length === 0) {
    todoBody = (
      <ErrorBlock
        status="empty"
        className="home-todo-empty"
        title={<span data-testid="home-todo-empty">{t('todos.empty.title')}</span>}
        description={t('todos.empty.text')}
      />
    );
  } else {
    todoBody = (
      <div className="todo-list" data-testid="home-todo-list">
        {todos.data.list.map((item) => (
          <TodoCard
            key={todoKey(item)}
            item={item}
            now={now}
            onOpen={() => {
              const path = todoPath(item);
              if (path) navigate(path);
            }}
          />
        ))}
      </div>
    );
  }

  const total = todos.data ? Number(todos.data.total) : 0;

  return (
    <section className="home-section home-todos" data-testid="home-todos">
      <div className="home-section-head">
        <Tabs activeKey="todo" className="home-tabs">
          <Tabs.Tab
            key="todo"
            title={
              <span data-testid="home-tab-todo">
                {t('home.todos.tab')}
                {total > 0 ? (
                  <span className="home-tab-count" data-testid="home-todo-total">
                    {total}
                  </span>
                ) : null}
              </span>
            }
          />
        </Tabs>
        <button type="button" className="home-section-more" onClick={() => navigate('/todoList')} data-testid="home-todo-more">
          {t('home.more')}
          <RightOutline />
        </button>
      </div>
      {todoBody}
    </section>
  );
}
