import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { NotAvailableBlock } from '../../../components/NotAvailable';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { memberPath } from '../paths';

/**
 * /member/memberSetting: the weekly member-change notice (spec 1 §9, Saturday 21:30 by default) needs
 * server support that does not exist yet, so the page says so instead of showing a switch that does nothing.
 */
export default function MemberSettingPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const goBack = useGoBack(courseId ? memberPath(courseId) : undefined);
  return (
    <div className="page" data-testid="member-setting-page">
      <PageNavBar title={t('members.setting.title')} onBack={goBack} />
      <div className="page-body page-center">
        <NotAvailableBlock area="courses" title={t('members.setting.notYet')} description={t('members.setting.text')} />
        <Button color="primary" fill="outline" onClick={goBack} className="center-button" data-testid="member-setting-back">
          {t('common.back')}
        </Button>
      </div>
    </div>
  );
}
