import { contentCalls, HOME_TODO_LIMIT, PAGE_SIZE, type todoItemAnswer, type todoPageAnswer } from '@paiclass/shared';
import type { z } from 'zod';
import { call } from '../../lib/api';

/** A to-do item (spec 1 §3): msgtype 1 a student's own work, 2 a teacher's with `number` waiting. */
export type TodoItem = z.output<typeof todoItemAnswer>;

/** `getTodoList`: a page, with the courses that have open to-dos for the filter popup. */
export type TodoPage = z.output<typeof todoPageAnswer>;

/** A course of the to-do filter popup. */
export type TodoCourse = TodoPage['courses'][number];

/** What identifies a to-do to ignore or finish. */
const markBody = (item: TodoItem) => ({
  classid: item.courseid,
  contentid: item.contentid,
  contenttype: item.contenttype,
  msgtype: item.msgtype,
});

/** The to-do calls of docs/api.md, typed. */
export const todosApi = {
  /** the home page's first to-dos (limit 3, spec 1 §9) */
  indexList: () => call(contentCalls.getIndexList, { limit: HOME_TODO_LIMIT }),
  /** classid 0 all courses; type 0 all content types; 10 a page (spec 1 §9) */
  list: (body: { classid: number; page: number }) =>
    call(contentCalls.getTodoList, { classid: body.classid, type: 0, page: body.page, limit: PAGE_SIZE }),
  ignore: (item: TodoItem) => call(contentCalls.ignoreTodo, markBody(item)),
  finish: (item: TodoItem) => call(contentCalls.tagFinishedTodo, markBody(item)),
};

/** TanStack Query keys of the to-dos, so that an ignored or finished one leaves every list. */
export const todoKeys = {
  all: ['todos'] as const,
  index: ['todos', 'index'] as const,
  list: (classid: number) => ['todos', 'list', classid] as const,
};

/** The key of a to-do in a list: the same item may be a student's and a teacher's to-do. */
export const todoKey = (item: Pick<TodoItem, 'contentid' | 'msgtype'>) => `${item.contentid}:${item.msgtype}`;
