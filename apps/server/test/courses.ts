import { academicYears } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import { call, registerUser } from './helpers';

/** Course fixtures for the course-area tests. */
export const year = () => academicYears()[2]!;
export const courseForm = (extra: Record<string, unknown> = {}) => ({
  coursename: '高等数学',
  classname: '2026 级 1 班',
  venue: '教学楼 A101',
  semester: year(),
  term: 1,
  teachtype: 3,
  studytime: '32',
  ...extra,
});

export const newTeacher = (app: FastifyInstance) => registerUser(app, { usertype: 1, stno: '' });

export async function newCourse(app: FastifyInstance, token: string, extra: Record<string, unknown> = {}) {
  const res = await call(app, '/CourseApi/createCourse', courseForm(extra), { token });
  if (res.status !== 1) throw new Error(`${res.code} ${res.message}`);
  return res.data as { id: number; code: string; coursename: string };
}
