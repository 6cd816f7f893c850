import { Button, NoticeBar, Toast } from 'antd-mobile';
import { CheckShieldOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { PageNavBar } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { type AttestClaim, type AttestList, type Certification, type Institution, institutionsApi } from '../api';

/**
 * The certified institutions (spec 1 §2 /myAllSetting?detail=myMechanism): name, real name and
 * number of each, its scheduled courses, unbinding behind a confirmation, and certifying another;
 * then the requests sent without a code: waiting for the school (withdrawable) or refused by it.
 */
export function CertificationList({
  data,
  isTeacher,
  onBack,
  onCertify,
  onSchedule,
  onUnbound,
}: {
  data: AttestList;
  isTeacher: boolean;
  onBack: () => void;
  onCertify: (initial: Institution | null) => void;
  onSchedule: (certification: Certification) => void;
  onUnbound: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [unbinding, setUnbinding] = useState(0);

  const unbind = async (c: Certification) => {
    const sure = await confirmDialog({
      title: t('institutions.list.unbind'),
      content: t('institutions.list.unbindText', { jigou: c.jigou }),
      confirmText: t('institutions.list.unbind'),
      danger: true,
      testid: 'unbind',
    }).result;
    if (!sure) return;
    setUnbinding(c.jigouid);
    try {
      await institutionsApi.unbind(c.jigouid);
      Toast.show({ content: t('institutions.list.unbound') });
      await onUnbound();
    } catch (e) {
      showApiError(e);
    } finally {
      setUnbinding(0);
    }
  };

  const withdraw = async (c: AttestClaim) => {
    setUnbinding(c.jigouid);
    try {
      await institutionsApi.unbind(c.jigouid);
      Toast.show({ content: t('institutions.list.withdrawn') });
      await onUnbound();
    } catch (e) {
      showApiError(e);
    } finally {
      setUnbinding(0);
    }
  };

  const numberLabel = isTeacher ? t('institutions.list.staffNo') : t('institutions.list.studentNo');

  return (
    <>
      <PageNavBar title={t('institutions.title')} onBack={onBack} />
      <div className="page-body attest-list-page">
        {data.needAttest ? (
          <NoticeBar
            className="attest-need"
            color="alert"
            wrap
            content={<span data-testid="attest-need">{t('institutions.list.needAttest', { jigou: data.needAttest.jigou })}</span>}
            extra={
              <button type="button" className="text-link" onClick={() => onCertify(data.needAttest)} data-testid="attest-need-go">
                {t('institutions.list.needAttestGo')}
              </button>
            }
          />
        ) : null}
        <p className="form-intro">{t('institutions.list.intro')}</p>
        <ul className="attest-list" data-testid="attest-list">
          {data.list.map((c) => (
            <li key={c.jigouid} className="attest-card" data-testid="attest-item" data-id={c.jigouid}>
              <div className="attest-card-head">
                <CheckShieldOutline className="attest-card-icon" />
                <span className="attest-card-name" data-testid="attest-item-jigou">
                  {c.jigou}
                </span>
              </div>
              <PersonLines who={c} numberLabel={numberLabel} testid="attest-item" />
              <div className="attest-card-actions">
                <button
                  type="button"
                  className="text-link attest-card-courses"
                  onClick={() => onSchedule(c)}
                  data-testid="attest-item-courses"
                >
                  {t('institutions.list.viewCourses')}
                  <RightOutline />
                </button>
                <Button
                  size="mini"
                  color="danger"
                  fill="none"
                  loading={unbinding === c.jigouid}
                  disabled={unbinding !== 0}
                  onClick={() => void unbind(c)}
                  data-testid="attest-item-unbind"
                >
                  {t('institutions.list.unbind')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
        {data.claims.length ? (
          <ul className="attest-list" data-testid="attest-claims">
            {data.claims.map((c) => (
              <li key={c.id} className="attest-card attest-claim" data-testid="attest-claim" data-id={c.jigouid}>
                <div className="attest-card-head">
                  <span className="attest-card-name" data-testid="attest-claim-jigou">
                    {c.jigou}
                  </span>
                </div>
                <PersonLines who={c} numberLabel={numberLabel} testid="attest-claim" />
                <div className="attest-card-actions">
                  <span
                    className={c.state === 0 ? 'attest-claim-pending' : 'attest-claim-refused'}
                    data-testid="attest-claim-state"
                  >
                    {c.state === 0 ? t('institutions.list.claimPending') : t('institutions.list.claimRefused')}
                  </span>
                  {c.state === 0 ? (
                    <Button
                      size="mini"
                      fill="none"
                      loading={unbinding === c.jigouid}
                      disabled={unbinding !== 0}
                      onClick={() => void withdraw(c)}
                      data-testid="attest-claim-withdraw"
                    >
                      {t('institutions.list.withdraw')}
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        <Button
          block
          color="primary"
          fill="outline"
          size="large"
          shape="rounded"
          onClick={() => onCertify(null)}
          data-testid="attest-another"
        >
          {t('institutions.list.another')}
        </Button>
      </div>
    </>
  );
}

/** The name and number a certification or a claim was made with. */
function PersonLines({
  who,
  numberLabel,
  testid,
}: {
  who: { realname: string; realstno: string };
  numberLabel: string;
  testid: string;
}) {
  const { t } = useTranslation();
  return (
    <dl className="attest-card-lines">
      <div>
        <dt>{t('institutions.list.realname')}</dt>
        <dd data-testid={`${testid}-realname`}>{who.realname}</dd>
      </div>
      <div>
        <dt>{numberLabel}</dt>
        <dd data-testid={`${testid}-realstno`}>{who.realstno}</dd>
      </div>
    </dl>
  );
}
