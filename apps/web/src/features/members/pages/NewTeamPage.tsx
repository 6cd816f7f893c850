import { addAssistantInput } from '@paiclass/shared';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { validate } from '../../../lib/validation';
import { CourseGate } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { membersApi } from '../api';
import { useRefreshMembers } from '../hooks/useRefreshMembers';
import { memberPath } from '../paths';

/** /member/newTeam?courseId=: the owner adds a teacher, found by account, phone or email, as an assistant. */
export default function NewTeamPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  return (
    <div className="page" data-testid="new-team-page">
      <PageNavBar title={t('members.team.addTitle')} />
      <CourseGate courseId={courseId} info={info} ability="manageTeam">
        {(course) => <NewTeamForm info={course} />}
      </CourseGate>
    </div>
  );
}

function NewTeamForm({ info }: { info: CourseInfo }) {
  const { t } = useTranslation();
  const courseId = info.id;
  const goBack = useGoBack(memberPath(courseId, 'team'));
  const refresh = useRefreshMembers(courseId);
  const [account, setAccount] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setFormError(undefined);
    const checked = validate(addAssistantInput, { courseid: courseId, account });
    if (!checked.ok) {
      setFieldError(t(checked.errors.account ?? 'validation.invalid'));
      return;
    }
    setSaving(true);
    try {
      const added = await membersApi.addAssistant(courseId, checked.data.account);
      Toast.show({ content: t('members.team.added', { name: added.username }) });
      await refresh();
      goBack();
    } catch (e) {
      // 30304 no such teacher, 30306 already a member: said in the form, so the account can be corrected
      setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page-body form-page">
      <p className="form-intro">{t('members.team.addIntro', { name: info.coursename })}</p>
      <div className="form-card">
        <TextField
          testid="assistant-account"
          label={t('members.team.account')}
          placeholder={t('members.team.accountPlaceholder')}
          value={account}
          onChange={(v) => {
            setAccount(v);
            setFieldError(undefined);
            setFormError(undefined);
          }}
          maxLength={60}
          autoComplete="off"
          error={fieldError}
          onEnterPress={() => void submit()}
        />
      </div>
      <FormError message={formError} testid="assistant-error" />
      <Button
        block
        color="primary"
        size="large"
        shape="rounded"
        loading={saving}
        disabled={saving}
        onClick={() => void submit()}
        className="submit-button"
        data-testid="assistant-submit"
      >
        {t('members.team.addSubmit')}
      </Button>
      <p className="form-intro member-note">{t('members.team.rights')}</p>
    </div>
  );
}
