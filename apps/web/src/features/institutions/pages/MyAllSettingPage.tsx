import { DEFAULT_TAB } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Toast } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { NotAvailablePage } from '../../../components/NotAvailable';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { errorMessage } from '../../../lib/api';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { courseKeys } from '../../courses/api';
import SchoolMsgPage from '../../messages/pages/SchoolMsgPage';
import { AccountManageScreen, MessageSetScreen } from '../../personal/pages/SettingScreens';
import { LibraryScreen } from '../../vip/components/LibraryScreen';
import { TradeRecordScreen } from '../../vip/components/TradeRecordScreen';
import { type AttestResult, type Institution, institutionKeys } from '../api';
import { dismissAttestPrompt } from '../attestPrompt';
import { AttestForm } from '../components/AttestForm';
import { BindStep } from '../components/BindStep';
import { CertificationList } from '../components/CertificationList';
import { JoinedStep } from '../components/JoinedStep';
import { ScheduleView } from '../components/ScheduleView';
import { isTeacherType, syncAttestSummary, useAttestList } from '../hooks/useInstitutions';
import '../institutions.css';

/**
 * /myAllSetting: the personal centre's settings, one screen per `detail` (spec 1 §2): institution
 * authentication (`detail=myMechanism`), the message notices (`messageNotice`), which notices come
 * (`myMessageSet`), the account's ways in (`myAccountManage`), the trade record (`myTradeRecord`) and
 * the library (`myLibrary`).
 */
export default function MyAllSettingPage() {
  const [params] = useSearchParams();
  const detail = params.get('detail');
  // the personal centre's own screens (issue 12)
  if (detail === 'messageNotice') return <SchoolMsgPage />;
  if (detail === 'myMessageSet') return <MessageSetScreen />;
  if (detail === 'myAccountManage') return <AccountManageScreen />;
  // the trade record and the library (issue 28)
  if (detail === 'myTradeRecord') return <TradeRecordScreen />;
  if (detail === 'myLibrary') return <LibraryScreen />;
  if (detail !== 'myMechanism') return <NotAvailablePage area="personal" path="/myAllSetting" />;
  // atteststate=1: opened by the identity-authentication prompt or a join refused with 103
  return <MechanismScreen firstTime={params.get('atteststate') === '1'} />;
}

type View =
  | { kind: 'home' }
  | { kind: 'form'; initial: Institution | null }
  | { kind: 'schedule'; institution: Institution }
  | { kind: 'bind'; institution: Institution }
  | { kind: 'joined'; result: AttestResult };

/**
 * Institution authentication (spec 1 §4, §5): with no certification the form shows at once;
 * otherwise the certified institutions. Certifying goes on to the teacher's course binding or the
 * student's joined courses when the institution scheduled any.
 */
function MechanismScreen({ firstTime }: { firstTime: boolean }) {
  const { t } = useTranslation();
  const user = useUser();
  const queryClient = useQueryClient();
  const goBack = useGoBack(firstTime ? DEFAULT_TAB : '/ktpMy');
  const list = useAttestList(Boolean(user));
  const [view, setView] = useState<View>({ kind: 'home' });

  useEffect(() => {
    if (list.data) syncAttestSummary(list.data);
  }, [list.data]);

  // each step opens at its top
  const step = view.kind;
  useEffect(() => {
    if (step) window.scrollTo(0, 0);
  }, [step]);

  if (!user) return <LoadingScreen />;
  const isTeacher = isTeacherType(user.usertype);

  const leave = () => {
    // spec 1 §6, §9: leaving the first-time flow counts as "later" for the rest of the day
    if (firstTime) dismissAttestPrompt(Number(user.id));
    goBack();
  };

  const home = () => setView({ kind: 'home' });

  const certified = async (result: AttestResult) => {
    if (result.pending) {
      // no code: the request waits for the school; the list shows it as pending
      Toast.show({ content: t('institutions.form.pending') });
      await queryClient.invalidateQueries({ queryKey: institutionKeys.all });
      home();
      return;
    }
    Toast.show({ content: t('institutions.form.success'), icon: 'success' });
    void queryClient.invalidateQueries({ queryKey: courseKeys.all });
    await queryClient.invalidateQueries({ queryKey: institutionKeys.all });
    queryClient.setQueryData(institutionKeys.teachClass(result.jigouid), result.courses);
    const institution = { jigouid: result.jigouid, jigou: result.jigou };
    if (isTeacher && result.courses.some((tc) => !Number(tc.classid))) setView({ kind: 'bind', institution });
    else if (!isTeacher && result.courses.length > 0) setView({ kind: 'joined', result });
    else home();
  };

  let content: ReactNode;
  if (view.kind === 'form') {
    content = (
      <AttestForm
        isTeacher={isTeacher}
        initialJigou={view.initial}
        firstTime={firstTime}
        onCertified={certified}
        onLeave={home}
      />
    );
  } else if (view.kind === 'schedule') {
    content = (
      <ScheduleView
        institution={view.institution}
        isTeacher={isTeacher}
        onBack={home}
        onBind={() => setView({ kind: 'bind', institution: view.institution })}
      />
    );
  } else if (view.kind === 'bind') {
    content = <BindStep institution={view.institution} onDone={home} />;
  } else if (view.kind === 'joined') {
    content = <JoinedStep result={view.result} onDone={home} />;
  } else if (list.isPending) {
    content = (
      <>
        <PageNavBar title={t('institutions.title')} onBack={leave} />
        <LoadingScreen text={t('common.loading')} testid="attest-loading" />
      </>
    );
  } else if (list.isError) {
    content = (
      <>
        <PageNavBar title={t('institutions.title')} onBack={leave} />
        <div className="page-body page-center attest-state" data-testid="attest-load-error">
          <ErrorBlock status="default" title={t('institutions.loadFailed')} description={errorMessage(list.error)} />
          <Button
            color="primary"
            fill="outline"
            className="center-button"
            onClick={() => void list.refetch()}
            data-testid="attest-retry"
          >
            {t('common.retry')}
          </Button>
        </div>
      </>
    );
  } else if (list.data.list.length === 0 && list.data.claims.length === 0) {
    // no certification yet: the form at once (spec 1 §2), with the school that asks for it chosen in the first-time flow
    content = (
      <AttestForm
        isTeacher={isTeacher}
        initialJigou={firstTime ? list.data.needAttest : null}
        firstTime={firstTime}
        onCertified={certified}
        onLeave={leave}
      />
    );
  } else {
    content = (
      <CertificationList
        data={list.data}
        isTeacher={isTeacher}
        onBack={leave}
        onCertify={(initial) => setView({ kind: 'form', initial })}
        onSchedule={(c) => setView({ kind: 'schedule', institution: { jigouid: c.jigouid, jigou: c.jigou } })}
        onUnbound={() => queryClient.invalidateQueries({ queryKey: institutionKeys.all })}
      />
    );
  }

  return (
    <div className="page attest-page" data-testid="attest-page" data-view={view.kind}>
      {content}
    </div>
  );
}
