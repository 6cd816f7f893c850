import { Button, Result } from 'antd-mobile';
import { PageNavBar } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { parseCourseId } from '../../courses/utils';
import { paths } from '../utils';
import '../attendance.css';

/**
 * /checkIn/fail?[courseId=&]code=&msg=: a check-in that did not go through, with the server's
 * words for it (spec 2 §8, in the caller's language); "unknown reason, check in again" when there
 * are none. (spec 2 §2: this page skips the pending-attendance prompt.)
 */
export default function FailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const courseId = parseCourseId(params.get('courseId'));
  const msg = params.get('msg')?.trim();
  const back = () => navigate(courseId ? paths.studentIndex(courseId) : '/ktpCourse', { replace: true });
  return (
    <div className="page att-page" data-testid="checkin-fail-page">
      <PageNavBar title={t('attendance.result.title')} onBack={back} />
      <div className="page-body att-body att-result">
        <Result
          status="error"
          title={<span data-testid="checkin-fail-title">{t('attendance.result.failed')}</span>}
          description={
            <span data-testid="checkin-fail-message" data-code={params.get('code') ?? ''}>
              {msg || t('attendance.result.unknown')}
            </span>
          }
        />
        <Button block color="primary" onClick={back} data-testid="checkin-fail-back">
          {courseId ? t('attendance.result.backToList') : t('attendance.result.toCourses')}
        </Button>
      </div>
    </div>
  );
}
