import { DEFAULT_TAB, JOIN_CODE_LENGTH, type JoinKey, joinKeyInput } from '@paiclass/shared';
import { Button, NoticeBar, PasscodeInput, type PasscodeInputRef } from 'antd-mobile';
import { ScanCodeOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { errorMessage } from '../../../lib/api';
import { safeReturnPath } from '../../../lib/returnPath';
import { useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { validate } from '../../../lib/validation';
import { coursesApi, joinKeyOf } from '../api';
import { JoinFailure } from '../components/JoinFailure';
import { useJoinOutcome } from '../hooks/useJoinOutcome';

/**
 * /joinCourse: the 6-digit join code on the numeric keypad. /joinCourses?code= (the QR link), or
 * ?coid= (from the public course page, which does not show the code), joins
 * at once; a logged-out visitor logs in first and comes back here (spec 1 §2, §4).
 * /joinCourse?redirect=PATH is the offer made to a non-member who opened a course link (the API
 * client sends 30202 there, issue 12 item 7): the page says so, and once joined the link opens.
 * The course is not named before the code is typed: a non-member has only its id (docs/api.md).
 */
export default function JoinCoursePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const byLink = location.pathname.toLowerCase() === '/joincourses';
  const linkKey = joinKeyOf(params);
  const navigate = useNavigate();
  // only a path of this site comes back: never an absolute URL (an open redirect)
  const from = safeReturnPath(params.get('redirect'));
  const outcome = useJoinOutcome();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [joining, setJoining] = useState(byLink);
  const started = useRef(false);
  // the code boxes are ready to type in as the page opens (issue 25)
  const codeBoxes = useRef<PasscodeInputRef>(null);
  useEffect(() => {
    codeBoxes.current?.focus();
  }, []);

  const join = async (value: JoinKey) => {
    setError(undefined);
    const checked = validate(joinKeyInput, value);
    if (!checked.ok) {
      const message = t(checked.errors.code ?? 'validation.joinCode');
      if (byLink) outcome.setFailure(message);
      else setError(message);
      setJoining(false);
      return;
    }
    setJoining(true);
    try {
      outcome.handle(await coursesApi.joinCourse(checked.data), checked.data, from);
    } catch (e) {
      if (byLink) outcome.setFailure(errorMessage(e));
      else setError(errorMessage(e));
    } finally {
      setJoining(false);
    }
  };

  useEffect(() => {
    // the QR link joins at once, once
    if (!byLink || started.current) return;
    started.current = true;
    void join(linkKey);
  });

  let body: ReactNode;
  if (outcome.failure !== null) {
    body = (
      <JoinFailure
        message={outcome.failure}
        onHome={outcome.home}
        onRetry={
          byLink
            ? undefined
            : () => {
                outcome.setFailure(null);
                setCode('');
              }
        }
      />
    );
  } else if (byLink) {
    body = <LoadingScreen text={t('courses.join.joining')} testid="join-joining" />;
  } else {
    body = (
      <form
        className="page-body join-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void join({ code });
        }}
      >
        {from ? (
          <NoticeBar
            className="join-offer"
            color="info"
            wrap
            content={<span data-testid="join-offer">{t('courses.join.offerText')}</span>}
          />
        ) : null}
        <div className="join-hero">
          <span className="join-hero-icon">
            <ScanCodeOutline />
          </span>
          <h2 className="join-hero-title">{from ? t('courses.join.offerHeading') : t('courses.join.heading')}</h2>
          <p className="join-hero-text">{t('courses.join.intro')}</p>
        </div>
        <PasscodeInput
          ref={codeBoxes}
          className="join-code"
          length={JOIN_CODE_LENGTH}
          plain
          seperated
          value={code}
          error={Boolean(error)}
          onChange={(v) => {
            setCode(v.replace(/\D/g, '').slice(0, JOIN_CODE_LENGTH));
            setError(undefined);
          }}
          data-testid="join-code"
        />
        <FormError message={error} testid="join-error" />
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          loading={joining}
          disabled={joining || code.length !== JOIN_CODE_LENGTH}
          className="submit-button join-submit"
          data-testid="join-submit"
        >
          {t('courses.join.submit')}
        </Button>
        <p className="muted small center-text join-hint">{t('courses.join.hint')}</p>
        {from ? (
          <Button
            block
            fill="none"
            className="join-offer-home"
            onClick={() => navigate(DEFAULT_TAB, { replace: true })}
            data-testid="join-offer-home"
          >
            {t('courses.join.offerHome')}
          </Button>
        ) : null}
      </form>
    );
  }

  return (
    <div className="page join-page" data-testid="join-page">
      <PageNavBar title={t('courses.join.title')} />
      {body}
    </div>
  );
}
