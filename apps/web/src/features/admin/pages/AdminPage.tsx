import { useQuery } from '@tanstack/react-query';
import { LightTabs } from '../../../components/LightTabs';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { errorMessage } from '../../../lib/api';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { LoadFailed } from '../../courses/components/NoPermission';
import { adminApi, adminKeys } from '../api';
import { InstitutionVipTab } from '../components/InstitutionVipTab';
import { InvoiceRequestsTab } from '../components/InvoiceRequestsTab';
import '../admin.css';

/**
 * /admin (issue 28, decision 053): the operators' page. A platform operator sees the invoice requests
 * (issue with the PDF, or refuse with a reason) and every institution's VIP; a school's operator sees
 * the institution VIP of their school's certified teachers (grant for a period, revoke). Everyone else
 * is told the page is not theirs; the server refuses their calls anyway.
 */
export default function AdminPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/ktpMy');
  const [params, setParams] = useSearchParams();
  const operator = useQuery({ queryKey: adminKeys.operator, queryFn: adminApi.operator });

  const scope = operator.data;
  const tabs = [
    ...(scope?.platform
      ? [{ key: 'invoices', title: <span data-testid="admin-tab-invoices">{t('admin.tabs.invoices')}</span> }]
      : []),
    ...(scope?.operator ? [{ key: 'vip', title: <span data-testid="admin-tab-vip">{t('admin.tabs.vip')}</span> }] : []),
  ];
  const wanted = params.get('tab');
  const tab = tabs.find((x) => x.key === wanted)?.key ?? tabs[0]?.key;
  const setTab = (key: string) => {
    const next = new URLSearchParams(params);
    next.set('tab', key);
    setParams(next, { replace: true });
  };

  return (
    <div className="page admin-page" data-testid="admin-page">
      <PageNavBar title={t('admin.title')} onBack={goBack} />
      {operator.isPending ? (
        <LoadingScreen text={t('common.loading')} />
      ) : operator.isError ? (
        <LoadFailed message={errorMessage(operator.error)} onRetry={() => void operator.refetch()} />
      ) : !scope?.operator ? (
        <LoadFailed message={t('admin.notOperator')} />
      ) : (
        <>
          {tabs.length > 1 ? <LightTabs tabs={tabs} activeKey={tab ?? ''} onChange={setTab} className="admin-tabs" /> : null}
          {tab === 'invoices' ? (
            <InvoiceRequestsTab />
          ) : (
            <InstitutionVipTab platform={scope.platform === 1} institutions={scope.institutions} />
          )}
        </>
      )}
    </div>
  );
}
