import { CORE_CODES } from '@paiclass/shared';
import { Checkbox, Divider } from 'antd-mobile';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { LanguageToggle } from '../../../components/LanguageToggle';
import { SubmitButton } from '../../../components/SubmitButton';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { STORAGE_KEYS, session } from '../../../lib/storage';
import { useTranslation } from '../../../lib/translations';
import { useFormErrors } from '../../../lib/useFormErrors';
import type { WechatCheck } from '../api';
import { accountsApi } from '../api';
import { useAuth } from '../authStore';
import { CodeField } from '../components/CodeField';
import { LoggingInOverlay } from '../components/LoggingInOverlay';
import { ModeTabs } from '../components/ModeTabs';
import { PasswordField } from '../components/PasswordField';
import { SchoolBanner } from '../components/SchoolBanner';
import { WechatIcon } from '../components/WechatIcon';
import { useCompleteLogin } from '../hooks/useCompleteLogin';
import { useSchoolConfig } from '../hooks/useSchoolConfig';
import { useSendCode } from '../hooks/useSendCode';
import { checkAccountLogin, checkMobileLogin } from '../loginChecks';
import { routeAfterLogin } from '../postLogin';

// the QR code and its popup are fetched when the WeChat button is first tapped (issue 10)
// the picture code a login needs after a few failures of the account, fetched when first asked for
const FigureCodePopup = lazy(() => import('../components/FigureCodePopup').then((m) => ({ default: m.FigureCodePopup })));
const WechatQrPopup = lazy(() => import('../components/WechatQrPopup').then((m) => ({ default: m.WechatQrPopup })));

type Mode = 'account' | 'fast';

/** /login: account and password, or fast register-login by phone and SMS code (spec 1 §2, §4). */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const shareClass = params.get('shareClass');
  const config = useSchoolConfig();
  const { complete, loggingIn, setLoggingIn } = useCompleteLogin();

  const [mode, setMode] = useState<Mode>('account');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const { setErrors, formError, setFormError, clearError, fieldError } = useFormErrors();
  const [submitting, setSubmitting] = useState(false);
  const [wechatOpen, setWechatOpen] = useState(false);
  // mounted from the first tap on, so closing keeps its closing animation
  const wechatOpened = useWasTrue(wechatOpen);
  const [figureOpen, setFigureOpen] = useState(false);
  const figureOpened = useWasTrue(figureOpen);

  const sender = useSendCode({ type: 'login', onError: setFormError });

  // spec 1 §4 login start: with a stored token the user loads and goes on; a bad token is dropped
  useEffect(() => {
    const { token, loadUser } = useAuth.getState();
    if (!token) return;
    setLoggingIn(true);
    void loadUser().then((user) => {
      if (user) routeAfterLogin(user, (to) => navigate(to, { replace: true }), shareClass);
      else setLoggingIn(false);
    });
  }, [navigate, setLoggingIn, shareClass]);

  const switchMode = (next: Mode) => {
    // spec 1 §4: switching clears the form and the error
    setMode(next);
    setAccount('');
    setPassword('');
    setMobile('');
    setCode('');
    setErrors({});
    setFormError(undefined);
  };

  const requestCode = () => {
    setFormError(undefined);
    const fieldErrors = checkMobileLogin({ mobile, code }, ['code']);
    if (Object.keys(fieldErrors).length > 0) {
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    sender.request({ mobile: mobile.trim() });
  };

  const loginWithPassword = async (figure?: { verify: string; sessionid: string }) => {
    const result = await accountsApi.login({ email: account.trim(), password, remember: remember ? 1 : 0, ...figure });
    setFigureOpen(false);
    await complete(result, shareClass);
  };

  const submit = async () => {
    setFormError(undefined);
    if (mode === 'account') {
      const fieldErrors = checkAccountLogin({ email: account, password });
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length > 0) return;
      setSubmitting(true);
      try {
        await loginWithPassword();
      } catch (e) {
        // several failed logins of this account: the server asks for the picture code first
        if (e instanceof ApiError && e.code === CORE_CODES.figureCodeRequired) setFigureOpen(true);
        else setFormError(errorMessage(e));
      } finally {
        setSubmitting(false);
      }
      return;
    }
    const fieldErrors = checkMobileLogin({ mobile, code });
    if (Object.keys(fieldErrors).length > 0) {
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const result = await accountsApi.loginByMobile({ mobile: mobile.trim(), code: code.trim() });
      if (result.is_new === 1) {
        // spec 1 §4: no account yet: the token is a register ticket for the fast register
        session.set(STORAGE_KEYS.registerTicket, result.token);
        const query = new URLSearchParams({ userCount: mobile.trim() });
        if (shareClass) query.set('shareClass', shareClass);
        navigate(`/register?${query.toString()}`);
        return;
      }
      await complete(result, shareClass);
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  const onWechatLoggedIn = useCallback(
    (result: Extract<WechatCheck, { otherType: 1 }>) => {
      setWechatOpen(false);
      complete(result, shareClass).catch((e) => setFormError(errorMessage(e)));
    },
    [complete, shareClass, setFormError],
  );
  const onWechatNeedsBind = useCallback(() => {
    setWechatOpen(false);
    navigate('/bindWechat');
  }, [navigate]);

  const registerHref = shareClass ? `/register?shareClass=${encodeURIComponent(shareClass)}` : '/register';
  const canRegister = config.data?.canRegister ?? true;
  const showWechat = config.data?.showWechatLogin ?? false;

  return (
    <div className="page login-page" data-testid="login-page">
      <SchoolBanner corner={<LanguageToggle />} />
      <section className="login-card">
        <ModeTabs
          active={mode}
          onChange={switchMode}
          tabs={[
            { key: 'account', title: t('login.modeAccount'), testid: 'login-mode-account' },
            { key: 'fast', title: t('login.modeFast'), testid: 'login-mode-fast' },
          ]}
        />
        <form
          className="login-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {mode === 'account' ? (
            <>
              <TextField
                testid="login-account"
                value={account}
                onChange={(v) => {
                  setAccount(v);
                  clearError('email');
                }}
                placeholder={t('login.accountPlaceholder')}
                error={fieldError('email')}
                autoComplete="username"
              />
              <PasswordField
                testid="login-password"
                value={password}
                onChange={(v) => {
                  setPassword(v);
                  clearError('password');
                }}
                error={fieldError('password')}
                onEnterPress={() => void submit()}
              />
              <div className="login-options">
                <Checkbox checked={remember} onChange={setRemember} data-testid="login-remember" className="small-checkbox">
                  {t('login.remember')}
                </Checkbox>
                <Link to="/findPassword" className="text-link" data-testid="login-forgot">
                  {t('login.forgot')}
                </Link>
              </div>
            </>
          ) : (
            <>
              <TextField
                testid="login-mobile"
                type="tel"
                inputMode="numeric"
                value={mobile}
                onChange={(v) => {
                  setMobile(v.replace(/\D/g, ''));
                  clearError('mobile');
                }}
                placeholder={t('login.mobilePlaceholder')}
                maxLength={11}
                error={fieldError('mobile')}
                autoComplete="tel"
              />
              <CodeField
                value={code}
                onChange={(v) => {
                  setCode(v);
                  clearError('code');
                }}
                placeholder={t('code.placeholder')}
                error={fieldError('code')}
                onEnterPress={() => void submit()}
                remaining={sender.remaining}
                sent={sender.sent}
                onSend={requestCode}
              />
              <div className="login-options">
                <span className="muted small" data-testid="login-fast-hint">
                  {t('login.fastHint')}
                </span>
              </div>
            </>
          )}
          <FormError message={formError} testid="login-error" />
          <SubmitButton testid="login-submit" loading={submitting}>
            {mode === 'account' ? t('login.submit') : t('login.submitFast')}
          </SubmitButton>
        </form>
        <div className="login-links">
          {mode === 'fast' ? (
            <Link to="/findPassword" className="text-link" data-testid="login-forgot-fast">
              {t('login.forgot')}
            </Link>
          ) : (
            <span />
          )}
          {canRegister ? (
            <Link to={registerHref} className="text-link" data-testid="login-register">
              {t('login.register')}
            </Link>
          ) : null}
        </div>
        {showWechat ? (
          <div className="login-other">
            <Divider>{t('login.otherWays')}</Divider>
            <button type="button" className="wechat-button" onClick={() => setWechatOpen(true)} data-testid="login-wechat">
              <span className="wechat-circle">
                <WechatIcon size={26} />
              </span>
              <span className="wechat-label">{t('login.wechat')}</span>
            </button>
          </div>
        ) : null}
      </section>
      <footer className="login-footer">{t('login.footer')}</footer>
      {sender.popup}
      {figureOpened ? (
        <Suspense fallback={null}>
          <FigureCodePopup
            visible={figureOpen}
            onClose={() => setFigureOpen(false)}
            tip={t('figure.loginTip')}
            onSubmit={(verify, sessionid) => loginWithPassword({ verify, sessionid })}
            onFailure={(error) => {
              setFigureOpen(false);
              setFormError(errorMessage(error));
            }}
          />
        </Suspense>
      ) : null}
      {wechatOpened ? (
        <Suspense fallback={null}>
          <WechatQrPopup
            visible={wechatOpen}
            onClose={() => setWechatOpen(false)}
            onLoggedIn={onWechatLoggedIn}
            onNeedsBind={onWechatNeedsBind}
          />
        </Suspense>
      ) : null}
      {loggingIn ? <LoggingInOverlay /> : null}
    </div>
  );
}

/** True from the first time `value` is true on. */
function useWasTrue(value: boolean) {
  const [was, setWas] = useState(value);
  if (value && !was) setWas(true);
  return was || value;
}
