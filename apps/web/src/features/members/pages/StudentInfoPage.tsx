import { useQuery } from '@tanstack/react-query';
import { Button, List, Tag, Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { UserAvatar } from '../../../components/UserAvatar';
import { showApiError } from '../../../lib/api';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { EnrollAnswers } from '../../courses/components/EnrollAnswers';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { formatTime } from '../../courses/pages/EnrollReviewPage';
import type { CourseInfo } from '../../courses/types';
import { parseCourseId } from '../../courses/utils';
import { memberKeys, membersApi } from '../api';
import { useRefreshMembers } from '../hooks/useRefreshMembers';
import { memberPath } from '../paths';

/** /member/studentInfo/studentInfo?courseId=&uid=: one student's details for the course's teachers. */
export default function StudentInfoPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const [params] = useSearchParams();
  const uid = parseCourseId(params.get('uid'));
  return (
    <div className="page member-page" data-testid="student-info-page">
      <PageNavBar title={t('members.student.title')} />
      <CourseGate courseId={courseId} info={info} ability="manageMembers">
        {(course) =>
          uid === null ? <LoadFailed message={t('members.student.notFound')} /> : <StudentInfo info={course} uid={uid} />
        }
      </CourseGate>
    </div>
  );
}

function StudentInfo({ info, uid }: { info: CourseInfo; uid: number }) {
  const { t } = useTranslation();
  const courseId = info.id;
  const goBack = useGoBack(memberPath(courseId));
  const refresh = useRefreshMembers(courseId);
  const [removing, setRemoving] = useState(false);
  const student = useQuery({
    queryKey: memberKeys.student(courseId, uid),
    queryFn: () => membersApi.studentInfo(courseId, uid),
    retry: retryNetworkOnly,
  });

  if (student.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (student.isError) return <QueryFailed error={student.error} onRetry={() => void student.refetch()} />;
  const s = student.data;
  const none = <span className="muted">{t('members.student.none')}</span>;
  const value = (text: string, testid: string) => (text ? <span data-testid={testid}>{text}</span> : none);

  const remove = async () => {
    const confirmed = await confirmDialog({
      title: t('members.remove.confirmTitle'),
      content: t('members.remove.confirm', { names: s.username, count: 1 }),
      confirmText: t('members.remove.action'),
      danger: true,
      testid: 'remove-ask',
    }).result;
    if (!confirmed) return;
    setRemoving(true);
    try {
      await membersApi.removeStudents(courseId, [s.uid]);
      Toast.show({ content: t('members.remove.done', { count: 1 }) });
      await refresh();
      goBack();
    } catch (e) {
      showApiError(e);
    } finally {
      setRemoving(false);
    }
  };

  return (
    <div className="page-body form-page">
      <section className="enroll-person" data-testid="student-info">
        <UserAvatar name={s.username} src={s.avatar || undefined} size={56} testid="student-info-avatar" />
        <div className="person-text">
          <div className="review-name" data-testid="student-info-name">
            {s.username}
          </div>
          <div className="muted small" data-testid="student-info-stno">
            {s.stno ? t('members.students.stno', { stno: s.stno }) : t('members.students.noStno')}
          </div>
          <div className="muted small">{t('members.student.joined', { time: formatTime(Number(s.jointime)) })}</div>
        </div>
        <Tag
          color={s.classname ? 'primary' : 'default'}
          fill="outline"
          className="enroll-person-state"
          data-testid="student-info-class"
        >
          {s.classname || t('members.classes.none')}
        </Tag>
      </section>
      <List className="setting-list" header={t('members.student.profile')}>
        <List.Item extra={value(s.school, 'student-info-school')}>{t('members.student.school')}</List.Item>
        <List.Item extra={value(s.department, 'student-info-department')}>{t('members.student.department')}</List.Item>
        <List.Item extra={value(s.classno, 'student-info-classno')}>{t('members.student.classno')}</List.Item>
        <List.Item extra={s.grade ? t(`common.grades.y${s.grade}`) : none}>{t('members.student.grade')}</List.Item>
        <List.Item extra={value(s.enrolltime, 'student-info-enrolltime')}>{t('members.student.enrolltime')}</List.Item>
      </List>
      <List className="setting-list" header={t('members.student.contact')}>
        <List.Item extra={value(s.mobile, 'student-info-mobile')}>{t('members.student.mobile')}</List.Item>
        <List.Item extra={value(s.email, 'student-info-email')}>{t('members.student.email')}</List.Item>
      </List>
      <List className="setting-list" header={t('members.student.answers')}>
        <List.Item>
          {s.answers.length > 0 ? (
            <EnrollAnswers answers={s.answers} testid="student-info-answers" />
          ) : (
            <span className="muted">{t('members.student.noAnswers')}</span>
          )}
        </List.Item>
      </List>
      <Button
        block
        color="danger"
        fill="outline"
        shape="rounded"
        size="large"
        loading={removing}
        onClick={() => void remove()}
        data-testid="student-info-remove"
      >
        {t('members.student.remove')}
      </Button>
    </div>
  );
}
