import { ATTENDANCE_TITLE_MAX } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { hasInAppHistory, PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { RequiredLabel } from '../../../components/RequiredLabel';
import { SubmitButton } from '../../../components/SubmitButton';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { parseItemId } from '../../notices/utils';
import { attendanceApi, attendanceKeys } from '../api';
import { useAttendanceStudents } from '../hooks/useAttendance';
import type { StaffAttence } from '../types';
import { paths } from '../utils';
import '../attendance.css';

/** /checkIn/teaCheckinEdit?courseId=&courseRole=1&id=: rename an attendance (the name is required, spec 2 §5). */
export default function TeaCheckinEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const goBack = useGoBack(courseId && id ? paths.detail(courseId, id) : undefined);
  return (
    <div className="page att-page" data-testid="tea-checkin-edit">
      <PageNavBar title={t('attendance.edit.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="teachClass">
        {(course) => (id === null ? <LoadFailed message={t('attendance.notFound')} /> : <Edit courseId={course.id} id={id} />)}
      </CourseGate>
    </div>
  );
}

function Edit({ courseId, id }: { courseId: number; id: number }) {
  const one = useAttendanceStudents(courseId, id);
  if (one.isPending)
    return (
      <div className="page-body" aria-busy="true">
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    );
  if (one.isError) return <QueryFailed error={one.error} onRetry={() => void one.refetch()} />;
  return <EditForm courseId={courseId} a={one.data.attence} />;
}

function EditForm({ courseId, a }: { courseId: number; a: StaffAttence }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [title, setTitle] = useState(a.title);
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setFormError(undefined);
    if (!title.trim()) {
      setError(t('attendance.add.titleRequired'));
      return;
    }
    if (title.trim() === a.title) {
      navigate(-1);
      return;
    }
    setSaving(true);
    try {
      await attendanceApi.rename(a.id, title.trim());
      Toast.show({ content: t('attendance.edit.saved') });
      await client.invalidateQueries({ queryKey: attendanceKeys.all(courseId) });
      if (hasInAppHistory()) navigate(-1);
      else navigate(paths.detail(courseId, a.id), { replace: true });
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      className="page-body form-page att-form"
      onFinish={() => void save()}
      footer={
        <>
          <FormError message={formError} testid="att-edit-error" />
          <SubmitButton testid="att-edit-submit" loading={saving}>
            {t('attendance.edit.save')}
          </SubmitButton>
        </>
      }
    >
      <div className="form-card">
        <TextField
          testid="att-edit-title"
          label={<RequiredLabel text={t('attendance.add.name')} />}
          value={title}
          maxLength={ATTENDANCE_TITLE_MAX}
          onChange={(v) => {
            setTitle(v);
            setError(undefined);
          }}
          error={error}
        />
      </div>
    </Form>
  );
}
