import { describe, expect, it } from 'vitest';
import { courseIdOfPath, joinOfferPath, safeReturnPath, withReturnPath } from './returnPath';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeReturnPath('/homework?courseId=12&courseRole=0&id=7')).toBe('/homework?courseId=12&courseRole=0&id=7');
    expect(safeReturnPath('/courseHome?courseId=3#top')).toBe('/courseHome?courseId=3#top');
  });

  it('refuses absolute URLs', () => {
    expect(safeReturnPath('https://evil.example/courseHome?courseId=1')).toBeNull();
    expect(safeReturnPath('http://localhost/courseHome?courseId=1')).toBeNull();
    expect(safeReturnPath('javascript:alert(1)')).toBeNull();
    expect(safeReturnPath('data:text/html,hi')).toBeNull();
  });

  it('refuses protocol-relative and backslash tricks', () => {
    expect(safeReturnPath('//evil.example/x')).toBeNull();
    expect(safeReturnPath('/\\evil.example/x')).toBeNull();
    expect(safeReturnPath('/%5Cevil.example')).toBe('/%5Cevil.example');
    expect(safeReturnPath('/\t/evil.example')).toBeNull();
    expect(safeReturnPath('/\n/evil.example')).toBeNull();
    expect(safeReturnPath(' /courseHome')).toBeNull();
  });

  it('refuses a relative path without its leading slash, and nothing at all', () => {
    expect(safeReturnPath('courseHome?courseId=1')).toBeNull();
    expect(safeReturnPath('')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(`/x?${'a'.repeat(2001)}`)).toBeNull();
  });

  it('refuses the join step and the login as the target (no loop)', () => {
    expect(safeReturnPath('/joinCourse?redirect=%2FcourseHome')).toBeNull();
    expect(safeReturnPath('/JOINCOURSES?code=123456')).toBeNull();
    expect(safeReturnPath('/login')).toBeNull();
  });
});

describe('joinOfferPath', () => {
  it('offers the join step for a course link, carrying it back', () => {
    expect(joinOfferPath('/homework?courseId=12&courseRole=0&id=7')).toBe(
      `/joinCourse?redirect=${encodeURIComponent('/homework?courseId=12&courseRole=0&id=7')}`,
    );
    expect(joinOfferPath('/course?courseid=5')).toBe(`/joinCourse?redirect=${encodeURIComponent('/course?courseid=5')}`);
  });

  it('offers nothing for a page without a course or an unsafe target', () => {
    expect(joinOfferPath('/ktpCourse')).toBeNull();
    expect(joinOfferPath('/courseHome?courseId=abc')).toBeNull();
    expect(joinOfferPath('//evil.example/courseHome?courseId=1')).toBeNull();
  });
});

describe('courseIdOfPath and withReturnPath', () => {
  it('reads the course of a path', () => {
    expect(courseIdOfPath('/homework?courseId=12&id=7')).toBe(12);
    expect(courseIdOfPath('/homework?id=7')).toBeNull();
    expect(courseIdOfPath('/homework?courseId=-3')).toBeNull();
  });

  it('adds the target to a join-flow path', () => {
    expect(withReturnPath('/studentEnrollCourseDetail?code=123456', '/courseHome?courseId=1')).toBe(
      '/studentEnrollCourseDetail?code=123456&redirect=%2FcourseHome%3FcourseId%3D1',
    );
    expect(withReturnPath('/studentEnrollCourseDetail?code=123456', null)).toBe('/studentEnrollCourseDetail?code=123456');
  });
});
