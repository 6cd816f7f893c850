import { groupAddInput } from '@paiclass/shared';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { validate } from '../../../lib/validation';
import { QueryFailed } from '../../courses/components/CourseGate';
import type { CourseInfo } from '../../courses/types';
import { membersApi } from '../api';
import { useGrouping } from '../hooks/useGrouping';
import { useRefreshMembers } from '../hooks/useRefreshMembers';
import { groupDetailsPath } from '../paths';
import { GroupPageFrame } from './GroupDetailsPage';

/** /member/newGroup?courseId=&id=: a teacher adds a group; a student creates one when allowed, and leads it. */
export default function NewGroupPage() {
  const { t } = useTranslation();
  return (
    <GroupPageFrame testid="new-group-page" title={t('members.groups.newGroupTitle')} back={groupDetailsPath}>
      {(info, id) => <NewGroupForm info={info} id={id} />}
    </GroupPageFrame>
  );
}

function NewGroupForm({ info, id }: { info: CourseInfo; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courseId = info.id;
  const grouping = useGrouping(courseId, id);
  const refresh = useRefreshMembers(courseId);
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  if (grouping.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (grouping.isError) return <QueryFailed error={grouping.error} onRetry={() => void grouping.refetch()} />;
  const g = grouping.data;
  const manager = Number(g.canManage) === 1;

  const submit = async () => {
    setFormError(undefined);
    const checked = validate(groupAddInput, { courseid: courseId, setid: id, name });
    if (!checked.ok) {
      setFieldError(t(checked.errors.name ?? 'validation.invalid'));
      return;
    }
    setSaving(true);
    try {
      const group = await membersApi.addGroup(courseId, id, checked.data.name);
      Toast.show({
        content: manager
          ? t('members.groups.added', { name: group.name })
          : t('members.groups.createdMine', { name: group.name }),
      });
      await refresh();
      navigate(groupDetailsPath(courseId, id), { replace: true });
    } catch (e) {
      // group cap reached, already in a group, a grouping the teacher assigns: said here, in the form
      if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page-body form-page">
      <p className="form-intro" data-testid="new-group-intro">
        {manager
          ? t('members.groups.newGroupTeacher', { title: g.title })
          : t('members.groups.newGroupStudent', { title: g.title })}
      </p>
      <div className="form-card">
        <TextField
          testid="group-name-input"
          label={t('members.groups.groupName')}
          placeholder={t('members.groups.groupNamePlaceholder', { n: g.groups.length + 1 })}
          value={name}
          onChange={(v) => {
            setName(v);
            setFieldError(undefined);
            setFormError(undefined);
          }}
          maxLength={30}
          error={fieldError}
          onEnterPress={() => void submit()}
        />
      </div>
      <FormError message={formError} testid="new-group-error" />
      <Button
        block
        color="primary"
        size="large"
        shape="rounded"
        loading={saving}
        disabled={saving}
        onClick={() => void submit()}
        className="submit-button"
        data-testid="new-group-submit"
      >
        {manager ? t('members.groups.addGroup') : t('members.groups.createGroup')}
      </Button>
    </div>
  );
}
