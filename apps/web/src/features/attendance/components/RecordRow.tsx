import { ExclamationTriangleOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/translations';
import { formatTime } from '../../materials/utils';
import type { AttenceRecord, AttenceType } from '../types';
import { stateOf } from '../utils';
import { StateTag } from './StateTag';

/** A record as the list or the `addRecord` event gives it: the event lacks a few fields. */
export type RecordLike = Pick<AttenceRecord, 'userid' | 'username' | 'stno' | 'state' | 'checkintime' | 'risk'> &
  Partial<AttenceRecord>;

/**
 * The reasons a record is flagged, once each: an unusual check-in (the phone could not locate) is
 * one, and says already that no position came, so "no location" is not said twice.
 */
export function riskReasons(r: Pick<RecordLike, 'risk' | 'unusual'>): string[] {
  const reasons = new Set<string>(r.risk ?? []);
  if (Number(r.unusual) === 1) reasons.add('locationFailed');
  if (reasons.has('locationFailed')) reasons.delete('emptyCoordinates');
  return [...reasons];
}

/**
 * A student's row of an attendance: name and number, status, check-in (and check-out) time and,
 * when the check-in raised a risk flag, each reason in words (issue 13: flagged for the teacher,
 * not silently accepted); a status the teacher set by hand says so. `type` words a roll call's
 * unmarked student.
 */
export function RecordRow({ r, type, onOpen }: { r: RecordLike; type?: AttenceType; onOpen?: () => void }) {
  const { t } = useTranslation();
  const reasons = riskReasons(r);
  const body = (
    <>
      <span className="att-record-text">
        <span className="att-record-name">
          {r.username}
          {r.stno ? <span className="muted small"> {r.stno}</span> : null}
        </span>
        {Number(r.checkintime) > 0 ? (
          <span className="muted small" data-testid="att-record-time">
            {formatTime(Number(r.checkintime))}
            {Number(r.checkouttime) > 0 ? ` → ${formatTime(Number(r.checkouttime))}` : ''}
          </span>
        ) : null}
        {Number(r.manual) === 1 ? <span className="muted small">{t('attendance.setByHand')}</span> : null}
        {/* refused GPS attempts (decision 013): the teacher sees each, the student never learns the count */}
        {Number(r.refused) > 0 ? (
          <span className="att-refused small" data-testid="att-refused">
            {t('attendance.refusedOutside', { count: Number(r.refused) })}
          </span>
        ) : null}
        {reasons.length ? (
          <span className="att-risk" data-testid="att-risk" data-reasons={reasons.join(' ')}>
            <ExclamationTriangleOutline />{' '}
            {reasons.map((reason) => t(`attendance.risk.${reason}`)).join(t('attendance.reasonSeparator'))}
          </span>
        ) : null}
      </span>
      <StateTag state={stateOf(r)} type={type} />
      {onOpen ? <RightOutline className="muted" /> : null}
    </>
  );
  return (
    <li className="att-record" data-testid="att-record" data-userid={r.userid} data-state={stateOf(r)}>
      {onOpen ? (
        <button type="button" className="att-record-main" onClick={onOpen}>
          {body}
        </button>
      ) : (
        <div className="att-record-main">{body}</div>
      )}
    </li>
  );
}
