import { Collapse } from 'antd-mobile';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { privilegesFor } from '../privileges';
import '../vip.css';

/** /vipManagement/instruction?index=N (spec 1 §2): each privilege explained; the N-th opens. */
export default function VipInstructionPage() {
  const { t } = useTranslation();
  const user = useUser();
  const [params] = useSearchParams();
  const goBack = useGoBack('/vipManagement');
  if (!user) return <LoadingScreen />;
  const privileges = privilegesFor(user.usertype);
  const index = Number(params.get('index'));
  const open = privileges[Number.isInteger(index) && index >= 0 && index < privileges.length ? index : 0]!;
  return (
    <div className="page vip-page" data-testid="vip-instruction-page">
      <PageNavBar title={t('vip.instructionTitle')} onBack={goBack} />
      <div className="page-body">
        <Collapse defaultActiveKey={[open]} className="vip-instruction">
          {privileges.map((p) => (
            <Collapse.Panel key={p} title={t(`vip.privilege.${p}.title`)}>
              <p className="vip-instruction-text" data-testid={`vip-instruction-${p}`}>
                {t(`vip.privilege.${p}.long`)}
              </p>
            </Collapse.Panel>
          ))}
        </Collapse>
      </div>
    </div>
  );
}
