import { Button, Result } from 'antd-mobile';
import { PageNavBar } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { parseCourseId } from '../../courses/utils';
import { formatTime } from '../../materials/utils';
import { paths } from '../utils';
import '../attendance.css';

/**
 * /checkIn/checkinSuccess?[courseId=&]title=&time=[&out=1][&unusual=1]: the check-in went through —
 * its name and time; a check-in the phone could not locate says the teacher sees it marked unusual.
 */
export default function CheckinSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const courseId = parseCourseId(params.get('courseId'));
  const time = Number(params.get('time'));
  const out = params.get('out') === '1';
  const unusual = params.get('unusual') === '1';
  const back = () => navigate(courseId ? paths.studentIndex(courseId) : '/ktpCourse', { replace: true });
  return (
    <div className="page att-page" data-testid="checkin-success-page">
      <PageNavBar title={t('attendance.result.title')} onBack={back} />
      <div className="page-body att-body att-result">
        <Result
          status={unusual ? 'warning' : 'success'}
          title={
            <span data-testid="checkin-success-title">
              {out ? t('attendance.result.checkedOut') : t('attendance.result.success')}
            </span>
          }
          description={
            <>
              <span className="att-result-name" data-testid="checkin-success-name">
                {params.get('title') ?? ''}
              </span>
              {time > 0 ? (
                <span className="muted small" data-testid="checkin-success-time">
                  {t('attendance.result.at', { time: formatTime(time) })}
                </span>
              ) : null}
              {unusual ? (
                <span className="att-risk" data-testid="checkin-success-unusual">
                  {t('attendance.result.unusual')}
                </span>
              ) : null}
            </>
          }
        />
        <Button block color="primary" onClick={back} data-testid="checkin-success-back">
          {courseId ? t('attendance.result.backToList') : t('attendance.result.toCourses')}
        </Button>
      </div>
    </div>
  );
}
