import { courseCreateInput, currentAcademicTerm, USERTYPE_TEACHER } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import type { ReactNode } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { type CourseBody, courseKeys, coursesApi } from '../api';
import { CourseFormView } from '../components/CourseFormFields';
import { DemoEntry } from '../components/DemoEntry';
import { LoadFailed, NoPermission } from '../components/NoPermission';
import type { CourseForm, CourseInfo } from '../types';
import { courseHomePath, parseCourseId } from '../utils';

/** a new course starts in the current academic year and term, so that it is not filed under an old one */
const emptyForm = (): CourseForm => ({
  coursename: '',
  classname: '',
  venue: '',
  ...currentAcademicTerm(),
  teachtype: 2,
  studytime: '',
});

function formOf(info: CourseInfo): CourseForm {
  return {
    coursename: info.coursename,
    classname: info.classname,
    venue: info.venue,
    semester: info.semester,
    term: Number(info.term),
    teachtype: Number(info.teachtype) || 2,
    studytime: Number(info.studytime) > 0 ? String(info.studytime) : '',
  };
}

/** /newCourse creates a course; /newCourse?id= edits one (spec 1 §2, §5). */
export default function NewCoursePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const user = useUser();
  const rawId = params.get('id');
  const editId = parseCourseId(rawId);
  const info = useQuery({
    queryKey: courseKeys.info(editId ?? 0),
    queryFn: () => coursesApi.getCourseInfo(editId!),
    enabled: editId !== null,
  });
  const title = rawId !== null ? t('courses.form.editTitle') : t('courses.form.createTitle');

  let body: ReactNode;
  let form = false;
  if (rawId !== null) {
    if (editId === null) body = <LoadFailed message={t('validation.courseId')} />;
    else if (info.isPending) body = <LoadingScreen text={t('common.loading')} />;
    else if (info.isError) body = <LoadFailed message={errorMessage(info.error)} onRetry={() => void info.refetch()} />;
    else if (!info.data.authData.includes('edit')) body = <NoPermission />;
    else {
      form = true;
      body = <NewCourseForm key={info.data.id} title={title} editId={info.data.id} initial={formOf(info.data)} />;
    }
  } else if (Number(user?.usertype) !== USERTYPE_TEACHER) {
    body = <NoPermission text={t('courses.form.teachersOnly')} />;
  } else {
    form = true;
    body = <NewCourseForm title={title} editId={null} initial={emptyForm()} />;
  }

  return (
    <div className="page" data-testid="new-course-page">
      {form ? null : <PageNavBar title={title} />}
      {body}
    </div>
  );
}

/** The course form of /newCourse: creating goes on to the enrolment settings, editing back to the course. */
function NewCourseForm({ title, editId, initial }: { title: string; editId: number | null; initial: CourseForm }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = editId ? courseHomePath(editId, 1) : '/ktpCourse';
  const goBack = useGoBack(back);
  const queryClient = useQueryClient();

  const submit = async (body: CourseBody) => {
    if (editId) {
      await coursesApi.editCourse(editId, body);
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
      Toast.show({ content: t('courses.form.saved') });
      goBack();
    } else {
      const course = await coursesApi.createCourse(body);
      void queryClient.invalidateQueries({ queryKey: courseKeys.all });
      // spec 1 §4 creation flow: form, enrolment settings, template, home
      navigate(`/seniorSetting?courseId=${course.id}&from=create`, { replace: true });
    }
  };

  return (
    <CourseFormView
      title={title}
      initial={initial}
      schema={courseCreateInput}
      onSubmit={submit}
      submitText={editId ? t('courses.form.save') : t('courses.form.create')}
      leaveTo={back}
      // a new course may also start from a demo course (spec 1 §6); not when editing
      top={(dirty) => (editId ? null : <DemoEntry dirty={dirty} />)}
    />
  );
}
