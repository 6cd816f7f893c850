import { ATTENDANCE_CODES } from '@paiclass/shared';
import { Button } from 'antd-mobile';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { useTranslation } from '../../../lib/translations';
import { StudentCheckinFrame } from '../components/StudentCheckinFrame';
import { useCheckin } from '../hooks/useCheckin';
import type { OpenAttence } from '../types';
import { currentPosition } from '../utils';
import '../attendance.css';

/**
 * /checkIn/studentGPS?courseId=&courseRole=0&id=: the student checks in where they stand
 * (navigator.geolocation). When the phone cannot locate them (refused, unavailable, timed out) or
 * the server says the location failed, spec 2 §8's question: continue? Continuing checks in without
 * a position, flagged abnormal for the teacher. Outside the check-in area: the server's one message
 * for it ("you are outside the check-in area"), and the button tries again; after too many, the
 * failure page (30330: ask the teacher).
 */
export default function StudentGPSPage() {
  const { t } = useTranslation();
  return (
    <StudentCheckinFrame testid="student-gps-page" title={t('attendance.gps.title')} notFound={t('attendance.notFound')}>
      {(courseId, a) => <Locate courseId={courseId} a={a} />}
    </StudentCheckinFrame>
  );
}

function Locate({ courseId, a }: { courseId: number; a: OpenAttence }) {
  const { t } = useTranslation();
  const { busy, run, checkin } = useCheckin(courseId);
  const [locating, setLocating] = useState(false);
  const [note, setNote] = useState<string>();

  /** spec 2 §8: the location failed — continue? Continuing flags the check-in abnormal. */
  const askContinue = async (why: string) => {
    const ok = await confirmDialog({
      title: t('attendance.gps.failedTitle'),
      content: `${why}\n${t('attendance.gps.continueQuestion')}`,
      confirmText: t('attendance.gps.continue'),
      cancelText: t('attendance.gps.notNow'),
      testid: 'att-gps-continue',
    }).result;
    if (ok) await run(() => checkin({ id: Number(a.id), unusual: 1 }), false);
  };

  const go = async () => {
    setNote(undefined);
    setLocating(true);
    let position: GeolocationPosition;
    try {
      position = await currentPosition();
    } catch (e) {
      setLocating(false);
      const denied = typeof e === 'object' && e !== null && 'code' in e && (e as GeolocationPositionError).code === 1;
      await askContinue(denied ? t('attendance.gps.denied') : t('attendance.gps.unavailable'));
      return;
    }
    setLocating(false);
    const { latitude, longitude, accuracy } = position.coords;
    const refused = await run(() => checkin({ id: Number(a.id), latitude, longitude, accuracy: Math.round(accuracy) }));
    if (!refused) return;
    if (refused.code === ATTENDANCE_CODES.attendanceGpsFailed) await askContinue(refused.message);
    else setNote(refused.message);
  };

  return (
    <div className="page-body att-body att-number">
      <div className="att-gps-icon" aria-hidden="true">
        <EnvironmentOutline />
      </div>
      <h2 className="att-number-title" data-testid="att-gps-title">
        {a.title}
      </h2>
      <p className="muted">{t('attendance.gps.hint')}</p>
      {note ? (
        <p className="field-error" role="alert" data-testid="att-gps-note">
          {note}
        </p>
      ) : null}
      <Button block color="primary" size="large" loading={locating || busy} onClick={() => void go()} data-testid="att-gps-go">
        {locating ? t('attendance.gps.locating') : note ? t('attendance.gps.again') : t('attendance.gps.go')}
      </Button>
    </div>
  );
}
