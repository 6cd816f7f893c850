import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { hasInAppHistory, PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { ApiError, errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { parseItemId } from '../../notices/utils';
import { homeworkApi, homeworkKeys } from '../api';
import { REASON_MAX } from '../components/ReasonPopup';
import { WorkStateTag } from '../components/WorkStateTag';
import { useRefreshHomework } from '../hooks/useHomework';
import { stuUserListPath } from '../paths';
import { parseIds } from '../utils';
import '../homework.css';

/**
 * /homework/repulse?courseId=&id=&sids=: returns one submission or a batch to their students for
 * resubmission, with a reason they will read (spec 2 §4 "returned by teacher"). Nothing selected is
 * refused with the spec's words (spec 2 §5).
 */
export default function RepulsePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const sids = parseIds(params.get('sids'));
  const goBack = useGoBack(courseId && id ? stuUserListPath(courseId, id) : undefined);
  return (
    <div className="page hw-page" data-testid="repulse-page">
      <PageNavBar title={t('homework.repulse.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) =>
          id === null ? (
            <LoadFailed message={t('homework.notFound')} />
          ) : sids.length === 0 ? (
            <div className="page-body page-center" data-testid="repulse-none">
              <ErrorBlock status="empty" title={t('validation.selectOne')} description="" />
            </div>
          ) : (
            <RepulseForm courseId={course.id} id={id} sids={sids} />
          )
        }
      </CourseGate>
    </div>
  );
}

function RepulseForm({ courseId, id, sids }: { courseId: number; id: number; sids: number[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshHomework(courseId, id);
  // every owner of the homework, to name the chosen submissions
  const owners = useQuery({
    queryKey: [...homeworkKeys.owners(courseId, id, 0), 'all'],
    queryFn: () => homeworkApi.owners({ courseid: courseId, id, filter: 0, page: 1, limit: 200 }),
    retry: retryNetworkOnly,
  });
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  if (owners.isPending)
    return (
      <div className="page-body">
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  if (owners.isError) return <QueryFailed error={owners.error} onRetry={() => void owners.refetch()} />;
  const chosen = owners.data.list.filter((r) => r.submission && sids.includes(r.submission.sid));

  const submit = async () => {
    setFormError(undefined);
    if (!reason.trim()) {
      setError(t('validation.returnReason'));
      return;
    }
    setSaving(true);
    try {
      const done = await homeworkApi.repulse(courseId, id, sids, reason.trim());
      Toast.show({ content: t('homework.repulse.done', { count: done.count }) });
      await refresh();
      if (hasInAppHistory()) navigate(-1);
      else navigate(stuUserListPath(courseId, id), { replace: true });
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page-body form-page hw-body">
      <p className="form-intro" data-testid="repulse-intro">
        {t('homework.repulse.intro', { count: sids.length })}
      </p>
      <ul className="hw-card hw-chosen" data-testid="repulse-list">
        {chosen.map((r) => (
          <li key={r.owner} className="hw-chosen-row" data-testid="repulse-row" data-sid={r.submission!.sid}>
            <span className="hw-chosen-name">{r.name}</span>
            <WorkStateTag state={r.state} testid="repulse-row-state" />
          </li>
        ))}
      </ul>
      <div className="form-card">
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <div className="field-label">
            {t('homework.repulse.reason')}
            <span className="required-mark"> *</span>
          </div>
          <textarea
            className="hw-textarea"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
              setFormError(undefined);
            }}
            maxLength={REASON_MAX}
            rows={4}
            placeholder={t('homework.repulse.placeholder')}
            aria-label={t('homework.repulse.reason')}
            data-testid="repulse-reason"
          />
          <div className="hw-count muted small">
            {reason.length}/{REASON_MAX}
          </div>
          {error ? (
            <div className="field-error" role="alert" data-testid="repulse-reason-error">
              {error}
            </div>
          ) : null}
        </div>
      </div>
      <FormError message={formError} testid="repulse-error" />
      <Button
        block
        color="danger"
        size="large"
        shape="rounded"
        loading={saving}
        disabled={saving}
        onClick={() => void submit()}
        className="submit-button"
        data-testid="repulse-submit"
      >
        {t('homework.repulse.submit', { count: sids.length })}
      </Button>
    </div>
  );
}
