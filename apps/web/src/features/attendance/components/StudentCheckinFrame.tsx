import type { ReactNode } from 'react';
import { PageNavBar } from '../../../components/PageNavBar';
import { CourseGate } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useStudentCheckinPage } from '../hooks/useStudentCheckinPage';
import type { OpenAttence } from '../types';
import { OpenGate } from './OpenGate';

/**
 * A student's check-in page (/checkIn/studentNumber, /checkIn/studentGPS): the top bar back to the
 * course's attendance list, the course checked, then the open attendance of the address — or why
 * there is none — handed to `children`.
 */
export function StudentCheckinFrame({
  testid,
  title,
  notFound,
  children,
}: {
  testid: string;
  title: string;
  /** what an address without an attendance id says */
  notFound: string;
  children: (courseId: number, a: OpenAttence) => ReactNode;
}) {
  const { courseId, info, id, goBack } = useStudentCheckinPage();
  return (
    <div className="page att-page" data-testid={testid}>
      <PageNavBar title={title} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          id === null ? (
            <LoadFailed message={notFound} />
          ) : (
            <OpenGate courseId={course.id} id={id}>
              {(a) => children(course.id, a)}
            </OpenGate>
          )
        }
      </CourseGate>
    </div>
  );
}
