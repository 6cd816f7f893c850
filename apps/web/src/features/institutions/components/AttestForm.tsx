import { ATTEST_NAME_MAX, attestInput, attestWhoInput, STNO_MAX } from '@paiclass/shared';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { showToast } from '../../../components/alerts';
import { confirmDialog } from '../../../components/dialogs';
import { FormError } from '../../../components/FormError';
import { PageNavBar } from '../../../components/PageNavBar';
import { RequiredLabel } from '../../../components/RequiredLabel';
import { SubmitButton } from '../../../components/SubmitButton';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { useFormErrors } from '../../../lib/useFormErrors';
import { validate } from '../../../lib/validation';
import { SendCodeButton } from '../../accounts/components/SendCodeButton';
import { useCountdown } from '../../accounts/hooks/useCountdown';
import { type AttestResult, type Institution, institutionsApi } from '../api';
import { InstitutionPicker } from './InstitutionPicker';

/**
 * The certification form (spec 1 §5): the school or institution from the searchable picker, the
 * real name, the staff number (teachers) or student number (students), and the code that proves it:
 * one sent to the phone or email the roster lists, or the school's activation code. Checked with the
 * shared schema, then by the server (30601 for any refusal, 30603 already certified). Without a code,
 * after a confirmation, the request waits for the school's approval.
 */
export function AttestForm({
  isTeacher,
  initialJigou,
  firstTime,
  onCertified,
  onLeave,
}: {
  isTeacher: boolean;
  initialJigou: Institution | null;
  /** opened from the prompt or a refused join: offers "not now" beside the back arrow */
  firstTime: boolean;
  onCertified: (result: AttestResult) => Promise<void> | void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const [jigou, setJigou] = useState<Institution | null>(initialJigou);
  const [realname, setRealname] = useState('');
  const [realstno, setRealstno] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const countdown = useCountdown();
  const [submitting, setSubmitting] = useState(false);
  const { setErrors, formError, setFormError, clearError, fieldError } = useFormErrors();

  const dirty =
    realname.trim() !== '' || realstno.trim() !== '' || code.trim() !== '' || jigou?.jigouid !== initialJigou?.jigouid;

  const leave = async () => {
    if (dirty && !submitting) {
      const sure = await confirmDialog({
        title: t('courses.leave.title'),
        content: t('courses.leave.text'),
        confirmText: t('courses.leave.confirm'),
        cancelText: t('courses.leave.stay'),
        danger: true,
        testid: 'leave-ask',
      }).result;
      if (!sure) return;
    }
    onLeave();
  };

  const sendCode = async () => {
    setFormError(undefined);
    const checked = validate(attestWhoInput, { jigouid: jigou?.jigouid, realname, realstno });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const result = await institutionsApi.sendCode(checked.data);
      countdown.start(result.countdown || undefined);
      setSent(true);
      showToast(t('institutions.form.codeSent'));
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    setFormError(undefined);
    const checked = validate(attestInput, { jigouid: jigou?.jigouid, realname, realstno, code });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (!checked.data.code) {
      const sure = await confirmDialog({
        title: t('institutions.form.pendingAskTitle'),
        content: t('institutions.form.pendingAskText'),
        confirmText: t('institutions.form.pendingAskConfirm'),
        testid: 'attest-pending-ask',
      }).result;
      if (!sure) return;
    }
    setSubmitting(true);
    try {
      await onCertified(await institutionsApi.attest(checked.data));
    } catch (e) {
      // the roster refusals and the server's own validation come localised: show them in the form
      if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  const numberLabel = isTeacher ? t('institutions.form.staffNo') : t('institutions.form.studentNo');

  return (
    <>
      <PageNavBar title={t('institutions.form.title')} onBack={() => void leave()} />
      <form
        className="page-body form-page attest-form"
        noValidate
        data-testid="attest-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className="form-intro" data-testid="attest-intro">
          {isTeacher ? t('institutions.form.introTeacher') : t('institutions.form.introStudent')}
        </p>
        <div className="form-card">
          <InstitutionPicker
            value={jigou}
            onChange={(next) => {
              setJigou(next);
              clearError('jigouid');
            }}
            error={fieldError('jigouid')}
          />
          <TextField
            testid="attest-realname"
            label={<RequiredLabel text={t('institutions.form.realname')} />}
            value={realname}
            onChange={(v) => {
              setRealname(v);
              clearError('realname');
            }}
            placeholder={t('institutions.form.realnamePlaceholder')}
            maxLength={ATTEST_NAME_MAX}
            autoComplete="name"
            error={fieldError('realname')}
          />
          <TextField
            testid="attest-realstno"
            label={<RequiredLabel text={numberLabel} />}
            value={realstno}
            onChange={(v) => {
              setRealstno(v);
              clearError('realstno');
            }}
            placeholder={isTeacher ? t('institutions.form.staffNoPlaceholder') : t('institutions.form.studentNoPlaceholder')}
            maxLength={STNO_MAX}
            autoComplete="off"
            error={fieldError('realstno')}
          />
          <TextField
            testid="attest-code"
            label={t('institutions.form.code')}
            value={code}
            onChange={(v) => {
              setCode(v);
              clearError('code');
            }}
            placeholder={t('institutions.form.codePlaceholder')}
            maxLength={32}
            autoComplete="one-time-code"
            error={fieldError('code')}
            extra={
              <SendCodeButton remaining={countdown.remaining} sent={sent} disabled={sending} onClick={() => void sendCode()} />
            }
            hint={<span data-testid="attest-code-hint">{t('institutions.form.codeHint')}</span>}
          />
        </div>
        <FormError message={formError} testid="attest-error" />
        <div className="button-stack">
          <SubmitButton testid="attest-submit" loading={submitting}>
            {t('institutions.form.submit')}
          </SubmitButton>
          {firstTime ? (
            <Button block size="large" shape="rounded" fill="none" onClick={() => void leave()} data-testid="attest-later">
              {t('institutions.form.later')}
            </Button>
          ) : null}
        </div>
      </form>
    </>
  );
}
