import { ATTENDANCE_TITLE_MAX, GPS_RADIUS_DEFAULT } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Selector, Toast } from 'antd-mobile';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { RequiredLabel } from '../../../components/RequiredLabel';
import { SubmitButton } from '../../../components/SubmitButton';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { refusedField } from '../../../lib/useFormErrors';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { DateTimeField } from '../../../components/DateTimeField';
import { toLocalInput } from '../../materials/utils';
import { attendanceApi, attendanceKeys } from '../api';
import { TypeIcon } from '../components/TypeIcon';
import type { AttenceType } from '../types';
import { ATTENCE_TYPES, CHECKOUT_AFTER, currentPosition, DURATIONS, GPS_RANGES, paths } from '../utils';
import '../attendance.css';

/** The default duration (minutes): long enough for 60 students to check in (issue 25). */
const DEFAULT_DURATION = 5;
/** The default next attendance: the same time a week on, the next meeting of a weekly class. */
const WEEK_SECONDS = 7 * 86_400;
/** check-in/out: check-out opens at the latest offered time before the end */
const defaultCheckout = (duration: number | null) =>
  [...CHECKOUT_AFTER].reverse().find((m) => !duration || m < duration) ?? CHECKOUT_AFTER[0];

/**
 * /checkIn/teaCheckinAdd?courseId=&courseRole=1: a teacher starts an attendance with its name,
 * method (number, GPS, QR, check-in/out or roll call), duration and next attendance time, all
 * required (spec 2 §5); a GPS attendance takes the teacher's own position as its centre and a
 * radius; a check-in/out one the minutes after the start that check-out opens. Starting is one tap
 * (issue 25): the method (number), the name (the date and time), the duration and the next time (a
 * week on) come filled in, and check-out opens at the latest offered time before the end.
 */
export default function TeaCheckinAddPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const goBack = useGoBack(courseId ? paths.teacherIndex(courseId) : undefined);
  return (
    <div className="page att-page" data-testid="tea-checkin-add">
      <PageNavBar title={t('attendance.add.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="teachClass">
        {(course) => <AddForm courseId={course.id} />}
      </CourseGate>
    </div>
  );
}

type Errors = Partial<Record<'title' | 'type' | 'duration' | 'nexttime' | 'location' | 'checkouttime', string>>;

function AddForm({ courseId }: { courseId: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [type, setType] = useState<AttenceType | null>(1);
  const [title, setTitle] = useState(() =>
    t('attendance.add.defaultName', {
      date: new Date().toLocaleString(i18n.language === 'en' ? 'en-GB' : 'zh-CN', {
        month: 'numeric',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }),
    }),
  );
  const [duration, setDuration] = useState<number | null>(DEFAULT_DURATION);
  const [nexttime, setNexttime] = useState(() => toLocalInput(Math.floor(Date.now() / 1000) + WEEK_SECONDS));
  const [checkout, setCheckout] = useState<number | null>(() => defaultCheckout(DEFAULT_DURATION));
  const [range, setRange] = useState<number>(GPS_RADIUS_DEFAULT);
  const [address, setAddress] = useState('');
  const [position, setPosition] = useState<GeolocationCoordinates | null>(null);
  const [locating, setLocating] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const clear = (field: keyof Errors) => setErrors((e) => ({ ...e, [field]: undefined }));

  const locate = async () => {
    setLocating(true);
    clear('location');
    try {
      const p = await currentPosition();
      setPosition(p.coords);
    } catch {
      setErrors((e) => ({ ...e, location: t('attendance.add.locationFailed') }));
    } finally {
      setLocating(false);
    }
  };

  const submit = async () => {
    setFormError(undefined);
    const now = Date.now();
    const next: Errors = {};
    if (!title.trim()) next.title = t('attendance.add.titleRequired');
    if (type === null) next.type = t('attendance.add.methodRequired');
    if (!duration) next.duration = t('attendance.add.durationRequired');
    const nextAt = nexttime ? new Date(nexttime).getTime() : Number.NaN;
    if (!nexttime) next.nexttime = t('attendance.add.nexttimeRequired');
    else if (!(nextAt > now)) next.nexttime = t('attendance.add.nexttimePast');
    if (type === 2 && !position) next.location = t('attendance.add.locationRequired');
    if (type === 4) {
      if (!checkout) next.checkouttime = t('attendance.add.checkoutRequired');
      else if (duration && checkout >= duration) next.checkouttime = t('attendance.add.checkoutAfterEnd');
    }
    if (Object.values(next).some(Boolean) || type === null) {
      setErrors(next);
      return;
    }
    setSaving(true);
    try {
      const created = await attendanceApi.add(type, {
        courseid: courseId,
        title: title.trim(),
        duration: duration!,
        nexttime: Math.floor(nextAt / 1000),
        ...(type === 2 && position
          ? { latitude: position.latitude, longitude: position.longitude, radius: range, address: address.trim() }
          : {}),
        ...(type === 4 ? { checkouttime: checkout! } : {}),
      });
      Toast.show({ content: t('attendance.add.started') });
      await client.invalidateQueries({ queryKey: attendanceKeys.all(courseId) });
      navigate(paths.running(courseId, Number(created.id)), { replace: true });
    } catch (e) {
      // the server's refusal of a time goes under its field
      const refused = refusedField(e, [
        ['validation.attendanceNextTime', 'nexttime'],
        ['validation.checkoutTime', 'checkouttime'],
      ]);
      if (refused) setErrors({ [refused.field]: errorMessage(e) });
      else if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const soon = toLocalInput(Math.floor(Date.now() / 1000) + 60);
  return (
    <Form
      className="page-body form-page att-form"
      onFinish={() => void submit()}
      footer={
        <>
          <FormError message={formError} testid="att-add-error" />
          <SubmitButton testid="att-add-submit" loading={saving}>
            {t('attendance.add.submit')}
          </SubmitButton>
        </>
      }
    >
      <div className="form-card">
        <div className={`field${errors.type ? ' field-invalid' : ''}`}>
          <div className="field-label">
            <RequiredLabel text={t('attendance.add.method')} />
          </div>
          <div className="att-type-grid">
            {ATTENCE_TYPES.map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={type === v}
                aria-invalid={errors.type ? 'true' : undefined}
                className={`att-type-option${type === v ? ' is-active' : ''}`}
                onClick={() => {
                  setType(v);
                  clear('type');
                }}
                data-testid={`att-type-${v}`}
              >
                <TypeIcon type={v} />
                <span>{t(`attendance.type.t${v}`)}</span>
              </button>
            ))}
          </div>
          {errors.type ? (
            <div className="field-error" role="alert" data-testid="att-type-error">
              {errors.type}
            </div>
          ) : type !== null ? (
            <div className="field-hint" data-testid="att-type-hint">
              {t(`attendance.type.hint${type}`)}
            </div>
          ) : null}
        </div>
        <TextField
          testid="att-title"
          label={<RequiredLabel text={t('attendance.add.name')} />}
          placeholder={t('attendance.add.namePlaceholder')}
          value={title}
          maxLength={ATTENDANCE_TITLE_MAX}
          onChange={(v) => {
            setTitle(v);
            clear('title');
          }}
          error={errors.title}
        />
        <div className={`field${errors.duration ? ' field-invalid' : ''}`}>
          <div className="field-label">
            <RequiredLabel text={t('attendance.add.duration')} />
          </div>
          <Selector
            columns={4}
            value={duration ? [duration] : []}
            onChange={(v) => {
              setDuration(v[0] ?? null);
              // check-out follows the duration unless it still fits
              if (v[0] && checkout && checkout >= v[0]) setCheckout(defaultCheckout(v[0]));
              clear('duration');
            }}
            options={DURATIONS.map((d) => ({
              value: d,
              label: <span data-testid={`att-duration-${d}`}>{t('attendance.minutes', { count: d })}</span>,
            }))}
          />
          {errors.duration ? (
            <div className="field-error" role="alert" data-testid="att-duration-error">
              {errors.duration}
            </div>
          ) : null}
        </div>
        <DateTimeField
          testid="att-nexttime"
          label={<RequiredLabel text={t('attendance.add.nexttime')} />}
          value={nexttime}
          min={soon}
          onChange={(v) => {
            setNexttime(v);
            clear('nexttime');
          }}
          error={errors.nexttime}
          hint={t('attendance.add.nexttimeHint')}
        />
        {type === 4 ? (
          <div className={`field${errors.checkouttime ? ' field-invalid' : ''}`}>
            <div className="field-label">
              <RequiredLabel text={t('attendance.add.checkout')} />
            </div>
            <Selector
              columns={4}
              value={checkout ? [checkout] : []}
              onChange={(v) => {
                setCheckout(v[0] ?? null);
                clear('checkouttime');
              }}
              options={CHECKOUT_AFTER.map((m) => ({
                value: m,
                label: <span data-testid={`att-checkout-${m}`}>{t('attendance.minutes', { count: m })}</span>,
              }))}
            />
            {errors.checkouttime ? (
              <div className="field-error" role="alert" data-testid="att-checkout-error">
                {errors.checkouttime}
              </div>
            ) : (
              <div className="field-hint">{t('attendance.add.checkoutHint')}</div>
            )}
          </div>
        ) : null}
        {type === 2 ? (
          <div className={`field${errors.location ? ' field-invalid' : ''}`}>
            <div className="field-label">
              <RequiredLabel text={t('attendance.add.location')} />
            </div>
            <div className="att-locate">
              <Button size="small" onClick={() => void locate()} loading={locating} data-testid="att-locate">
                <EnvironmentOutline /> {position ? t('attendance.add.relocate') : t('attendance.add.locate')}
              </Button>
              {position ? (
                <span className="muted small" data-testid="att-location">
                  {position.latitude.toFixed(5)}, {position.longitude.toFixed(5)} ±{Math.round(position.accuracy)} m
                </span>
              ) : null}
            </div>
            {errors.location ? (
              <div className="field-error" role="alert" data-testid="att-location-error">
                {errors.location}
              </div>
            ) : null}
            <TextField
              testid="att-address"
              label={t('attendance.add.address')}
              placeholder={t('attendance.add.addressPlaceholder')}
              value={address}
              maxLength={100}
              onChange={setAddress}
            />
            <div className="field-label att-sublabel">{t('attendance.add.range')}</div>
            <Selector
              columns={5}
              value={[range]}
              onChange={(v) => v[0] && setRange(v[0])}
              options={GPS_RANGES.map((r) => ({ value: r, label: <span data-testid={`att-range-${r}`}>{r} m</span> }))}
            />
          </div>
        ) : null}
      </div>
    </Form>
  );
}
