import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { confirmDialog } from '../../../components/dialogs';
import { showApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { messageKeys } from '../../messages/api';
import { type TodoItem, type TodoPage, todoKey, todoKeys, todosApi } from '../api';

/**
 * Marking a to-do finished (after a confirm) and ignoring it (spec 1 §4). Either takes it off every
 * to-do list at once, then the lists and the waiting counts reload from the server.
 */
export function useTodoActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const dropEverywhere = (item: TodoItem) => {
    const key = todoKey(item);
    queryClient.setQueriesData<InfiniteData<TodoPage>>({ queryKey: [...todoKeys.all, 'list'] }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p) => {
              const list = p.list.filter((i) => todoKey(i) !== key);
              return { ...p, list, total: Math.max(0, Number(p.total) - (p.list.length - list.length)) };
            }),
          }
        : data,
    );
    queryClient.setQueryData<{ total: number; list: TodoItem[] }>(todoKeys.index, (data) =>
      data ? { ...data, list: data.list.filter((i) => todoKey(i) !== key) } : data,
    );
  };

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: todoKeys.all }),
      queryClient.invalidateQueries({ queryKey: messageKeys.agency }),
    ]);

  const run = async (item: TodoItem, call: (i: TodoItem) => Promise<unknown>, done: string) => {
    try {
      await call(item);
      dropEverywhere(item);
      Toast.show({ content: done });
      return true;
    } catch (e) {
      showApiError(e);
      return false;
    } finally {
      void refresh();
    }
  };

  const finish = async (item: TodoItem) => {
    const ok = await confirmDialog({
      title: t('todos.finish.title'),
      content: t('todos.finish.text', { title: item.contenttitle }),
      confirmText: t('todos.finish.action'),
      testid: 'todo-finish',
    }).result;
    if (!ok) return false;
    return run(item, todosApi.finish, t('todos.finish.done'));
  };

  const ignore = (item: TodoItem) => run(item, todosApi.ignore, t('todos.ignore.done'));

  return { finish, ignore };
}
