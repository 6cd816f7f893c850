import { describe, expect, it } from 'vitest';
import { courseSemesterFor } from '../institutions/schemas';
import { academicYears, courseCreateInput, currentAcademicTerm } from './schemas';

const on = (isoDay: string) => new Date(`${isoDay}T12:00:00`);

describe('the current academic year and term', () => {
  it('files September to January under the first term of the year that began in September', () => {
    expect(currentAcademicTerm(on('2026-09-01'))).toEqual({ semester: '2026-2027', term: 1 });
    expect(currentAcademicTerm(on('2026-11-25'))).toEqual({ semester: '2026-2027', term: 1 });
    expect(currentAcademicTerm(on('2026-12-31'))).toEqual({ semester: '2026-2027', term: 1 });
    expect(currentAcademicTerm(on('2027-01-20'))).toEqual({ semester: '2026-2027', term: 1 });
  });

  it('files February to August under the second term of the year that began the September before', () => {
    expect(currentAcademicTerm(on('2027-02-01'))).toEqual({ semester: '2026-2027', term: 2 });
    expect(currentAcademicTerm(on('2027-06-15'))).toEqual({ semester: '2026-2027', term: 2 });
    expect(currentAcademicTerm(on('2027-08-31'))).toEqual({ semester: '2026-2027', term: 2 });
  });

  it('offers the previous two academic years through the next, counted from the current one (spec 1 §5)', () => {
    expect(academicYears(on('2026-11-25'))).toEqual(['2024-2025', '2025-2026', '2026-2027', '2027-2028']);
    // in the spring the current year is the one that began the autumn before, not the calendar year's
    expect(academicYears(on('2027-03-10'))).toEqual(['2024-2025', '2025-2026', '2026-2027', '2027-2028']);
    expect(academicYears(on('2027-09-01'))).toEqual(['2025-2026', '2026-2027', '2027-2028', '2028-2029']);
    for (const day of ['2026-01-05', '2026-05-05', '2026-10-05']) {
      expect(academicYears(on(day))[2]).toBe(currentAcademicTerm(on(day)).semester);
    }
  });

  it('puts a scheduled course of an unknown year under the current academic year', () => {
    expect(courseSemesterFor('2019-2020', on('2027-03-10'))).toBe('2026-2027');
    expect(courseSemesterFor('2025-2026', on('2027-03-10'))).toBe('2025-2026');
  });

  it('accepts the current academic year and term as a new course', () => {
    const now = currentAcademicTerm();
    expect(courseCreateInput.safeParse({ coursename: '线性代数', semester: now.semester, term: now.term }).success).toBe(true);
  });
});
