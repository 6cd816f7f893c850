import { JOIN_CODE_LENGTH } from '@paiclass/shared';
import { Button, ErrorBlock } from 'antd-mobile';
import { UserAddOutline } from 'antd-mobile-icons';
import { PageNavBar } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { STORAGE_KEYS, session } from '../../../lib/storage';
import { useTranslation } from '../../../lib/translations';
import { useAuth } from '../../accounts/authStore';
import { shareClassPath } from '../utils';
import '../courseInfo.css';

const CODE = new RegExp(`^\\d{${JOIN_CODE_LENGTH}}$`);

/**
 * /ShareClass?code=: the landing page of a shared class invitation, public (spec 2 §2). It shows
 * the join code and nothing else of the course (no call is made: a code must not reveal a course to
 * someone not logged in). Logged in, "join" runs the QR join (/joinCourses?code=); logged out, "log
 * in to join" saves this location so that the login ends on /joinCourses?code= (spec 1 §4), and
 * "register" carries the code through registration (/register?shareClass=).
 */
export default function ShareClassPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const token = useAuth((s) => s.token);
  const user = useAuth((s) => s.user);

  if (!CODE.test(code)) {
    return (
      <div className="page share-class-page" data-testid="share-class-page">
        <PageNavBar title={t('courses.shareClass.title')} onBack={() => navigate('/', { replace: true })} />
        <div className="page-body page-center" data-testid="share-class-invalid">
          <ErrorBlock
            status="empty"
            title={<span data-testid="share-class-invalid-title">{t('courses.shareClass.invalidTitle')}</span>}
            description={
              <span data-testid="share-class-invalid-text">
                {t('courses.shareClass.invalidText', { count: JOIN_CODE_LENGTH })}
              </span>
            }
          />
          <Button
            color="primary"
            fill="outline"
            onClick={() => navigate('/')}
            className="center-button"
            data-testid="share-class-home"
          >
            {t('common.backHome')}
          </Button>
        </div>
      </div>
    );
  }

  const logIn = () => {
    // the location is saved as the "log in first?" dialog saves it; after login it becomes /joinCourses?code=
    session.set(STORAGE_KEYS.redirect, shareClassPath(code));
    navigate(`/login?shareClass=${encodeURIComponent(code)}`);
  };

  return (
    <div className="page share-class-page" data-testid="share-class-page">
      <PageNavBar title={t('courses.shareClass.title')} onBack={() => navigate('/', { replace: true })} />
      <div className="page-body share-class">
        <section className="share-class-card">
          <div className="share-class-icon" aria-hidden="true">
            <UserAddOutline />
          </div>
          <h1 className="share-class-title" data-testid="share-class-heading">
            {t('courses.shareClass.heading')}
          </h1>
          <p className="share-class-text">{t('courses.shareClass.text')}</p>
          <div className="share-class-code-label">{t('courses.shareClass.codeLabel')}</div>
          <div
            className="share-class-code"
            role="img"
            aria-label={`${t('courses.shareClass.codeLabel')} ${code}`}
            data-testid="share-class-code"
            data-code={code}
          >
            {Array.from(code).map((digit, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the digits of a fixed-length code, in place
              <span key={i} className="share-class-digit" aria-hidden="true">
                {digit}
              </span>
            ))}
          </div>

          <div className="share-class-actions">
            {token ? (
              <Button
                block
                color="primary"
                size="large"
                shape="rounded"
                loading={!user}
                disabled={!user}
                onClick={() => navigate(`/joinCourses?code=${encodeURIComponent(code)}`)}
                data-testid="share-class-join"
              >
                {t('courses.shareClass.join')}
              </Button>
            ) : (
              <>
                <Button block color="primary" size="large" shape="rounded" onClick={logIn} data-testid="share-class-login">
                  {t('courses.shareClass.login')}
                </Button>
                <Button
                  block
                  size="large"
                  shape="rounded"
                  onClick={() => navigate(`/register?shareClass=${encodeURIComponent(code)}`)}
                  data-testid="share-class-register"
                >
                  {t('courses.shareClass.register')}
                </Button>
              </>
            )}
          </div>
          {token && user ? (
            <div className="share-class-account" data-testid="share-class-account">
              {t('courses.shareClass.account', { name: user.username })}
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
