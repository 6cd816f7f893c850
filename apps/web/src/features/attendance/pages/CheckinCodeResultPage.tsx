import { Button, Result } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { attendanceApi } from '../api';
import { useCheckin } from '../hooks/useCheckin';
import '../attendance.css';

/**
 * /checkIn/checkinCodeResult?ticketid=&expire=&sign=: where the teacher's QR code lands once
 * scanned with the phone's camera: the signed ticket is handed in (`AttenceResult`) once, then the
 * result pages. An address without a whole ticket is spec 2 §8's scan failure.
 */
export default function CheckinCodeResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ticketid = params.get('ticketid') ?? '';
  const expire = params.get('expire') ?? '';
  const sign = params.get('sign') ?? '';
  const whole = Boolean(ticketid && expire && sign);
  const { run } = useCheckin(null);
  const sent = useRef(false);

  useEffect(() => {
    // once, even when React runs effects twice in development
    if (!whole || sent.current) return;
    sent.current = true;
    void run(() => attendanceApi.attenceResult({ ticketid, expire, sign }), false);
  }, [whole, ticketid, expire, sign, run]);

  return (
    <div className="page att-page" data-testid="checkin-code-result-page">
      <PageNavBar title={t('attendance.scan.title')} onBack={() => navigate('/ktpCourse', { replace: true })} />
      {whole ? (
        <LoadingScreen text={t('attendance.scan.checking')} testid="checkin-code-checking" />
      ) : (
        <div className="page-body att-body att-result">
          <Result
            status="error"
            title={<span data-testid="checkin-scan-failed">{t('attendance.scan.failed')}</span>}
            description={t('attendance.scan.useCamera')}
          />
          <Button block color="primary" onClick={() => navigate('/ktpCourse', { replace: true })}>
            {t('attendance.result.toCourses')}
          </Button>
        </div>
      )}
    </div>
  );
}
