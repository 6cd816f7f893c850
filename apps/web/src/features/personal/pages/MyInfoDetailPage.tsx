import { type ModifyField, modifyFieldsFor, USERTYPE_TEACHER } from '@paiclass/shared';
import { ActionSheet, List } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { UserAvatar } from '../../../components/UserAvatar';
import { showApiError } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { profileApi } from '../api';
import { useSaveProfile } from '../hooks/useSaveProfile';
import { majorTitle } from '../majorTitle';
import '../personal.css';

/**
 * /myInfoDetail (spec 1 §2): the user's profile, each row opening its editor (/infoModify,
 * /avatar); a student changes role to teacher through a picker (spec 1 §4; refused for VIP students).
 */
export default function MyInfoDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const { save, saving } = useSaveProfile();
  const [pickRole, setPickRole] = useState(false);

  if (!user) return <LoadingScreen />;
  const teacher = Number(user.usertype) === USERTYPE_TEACHER;
  const empty = <span className="muted">{t('profile.notSet')}</span>;
  // a list reads "A、B" in Chinese and "A, B" in English
  const listSeparator = currentLanguage() === 'en' ? ', ' : '、';
  const shown = (value: string) => (value ? <span className="info-value">{value}</span> : empty);

  const values: Record<ModifyField, string> = {
    name: user.username,
    stno: user.stno,
    school: user.school,
    depart: user.department,
    lesson: user.teachcourse.join(listSeparator),
    major: user.majors.map(majorTitle).join(listSeparator),
    class: user.additionInfo.classno,
    grade: user.additionInfo.grade ? t(`common.grades.y${user.additionInfo.grade}`) : '',
    interSchoolTime: user.additionInfo.enrolltime,
  };

  const becomeTeacher = async () => {
    const ok = await confirmDialog({
      title: t('profile.role.confirmTitle'),
      content: t('profile.role.confirmText'),
      confirmText: t('profile.role.confirmGo'),
      testid: 'role-change',
    }).result;
    if (!ok) return;
    try {
      await save((confirm) => profileApi.changeUsertype(USERTYPE_TEACHER, confirm));
    } catch (e) {
      showApiError(e);
    }
  };

  return (
    <div className="page info-page" data-testid="my-info-page">
      <PageNavBar title={t('profile.title')} />
      <List className="info-list">
        <List.Item
          onClick={() => navigate('/avatar')}
          extra={
            <UserAvatar name={user.username || user.account} src={user.avatar || undefined} size={44} testid="info-avatar" />
          }
          data-testid="info-row-avatar"
        >
          {t('profile.avatar')}
        </List.Item>
        <List.Item
          onClick={teacher ? undefined : () => setPickRole(true)}
          arrowIcon={!teacher}
          extra={
            <span className="info-value" data-testid="info-role">
              {teacher ? t('my.teacher') : t('my.student')}
            </span>
          }
          description={teacher ? undefined : t('profile.role.hint')}
          data-testid="info-row-role"
        >
          {t('profile.role.title')}
        </List.Item>
        {modifyFieldsFor(Number(user.usertype)).map((field) => (
          <List.Item
            key={field}
            onClick={() => navigate(`/infoModify?modify=${field}`)}
            extra={<span data-testid={`info-value-${field}`}>{shown(values[field])}</span>}
            data-testid={`info-row-${field}`}
          >
            {field === 'stno' ? t(teacher ? 'profile.label.staffno' : 'profile.label.studentno') : t(`profile.label.${field}`)}
          </List.Item>
        ))}
      </List>
      <ActionSheet
        visible={pickRole}
        onClose={() => setPickRole(false)}
        extra={t('profile.role.pick')}
        cancelText={t('common.cancel')}
        actions={[
          {
            key: 'student',
            text: `${t('my.student')} · ${t('profile.role.current')}`,
            disabled: true,
          },
          { key: 'teacher', text: t('my.teacher'), disabled: saving },
        ]}
        onAction={(action) => {
          setPickRole(false);
          if (action.key === 'teacher') void becomeTeacher();
        }}
      />
    </div>
  );
}
