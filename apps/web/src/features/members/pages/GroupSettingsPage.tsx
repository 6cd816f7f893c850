import { GROUP_KINDS, groupSetInput } from '@paiclass/shared';
import { Button, List, Selector, Switch, Toast } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage, showApiError } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { validate } from '../../../lib/validation';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { useLeaveGuard } from '../../courses/hooks/useLeaveGuard';
import type { CourseInfo } from '../../courses/types';
import { parseCourseId } from '../../courses/utils';
import { membersApi } from '../api';
import { useGrouping } from '../hooks/useGrouping';
import { useRefreshMembers } from '../hooks/useRefreshMembers';
import { groupDetailsPath, memberPath } from '../paths';
import type { GroupingBody, GroupingInfo, GroupKind } from '../types';

const KINDS: GroupKind[] = [GROUP_KINDS.fixed, GROUP_KINDS.free, GROUP_KINDS.limited];
const MEMBER_CAP_MAX = 1000;
const GROUP_CAP_MAX = 500;

/** /member/groupSettings?courseId=[&id=]: create or edit a grouping (spec 2 §3 Group); delete it after confirming. */
export default function GroupSettingsPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const [params] = useSearchParams();
  const id = parseCourseId(params.get('id'));
  const info = useCourseInfo(courseId);
  const formShows = courseId !== null && info.isSuccess && hasAbility(info.data, 'manageGroups');
  return (
    <div className="page" data-testid="group-settings-page">
      {/* the form draws its own top bar, whose back arrow asks before unsaved input is lost */}
      {formShows ? null : <PageNavBar title={t('members.groups.settingsTitle')} />}
      <CourseGate courseId={courseId} info={info} ability="manageGroups">
        {(course) => (id === null ? <GroupingForm info={course} /> : <EditGrouping info={course} id={id} />)}
      </CourseGate>
    </div>
  );
}

function EditGrouping({ info, id }: { info: CourseInfo; id: number }) {
  const { t } = useTranslation();
  const grouping = useGrouping(info.id, id);
  let body: ReactNode;
  if (grouping.isError) body = <QueryFailed error={grouping.error} onRetry={() => void grouping.refetch()} />;
  // the form starts from what the server holds now; a later refetch never resets the teacher's edits
  else if (grouping.isPending || !grouping.isFetchedAfterMount) body = <LoadingScreen text={t('common.loading')} />;
  else return <GroupingForm key={id} info={info} initial={grouping.data} />;
  return (
    <>
      <PageNavBar title={t('members.groups.settingsTitle')} />
      {body}
    </>
  );
}

function GroupingForm({ info, initial }: { info: CourseInfo; initial?: GroupingInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courseId = info.id;
  const refresh = useRefreshMembers(courseId);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [kind, setKind] = useState<GroupKind>((Number(initial?.type) as GroupKind) || GROUP_KINDS.limited);
  const [membercap, setMembercap] = useState(String(initial?.membercap ?? 0));
  const [groupcap, setGroupcap] = useState(String(initial?.groupcap ?? 0));
  const [allowcreate, setAllowcreate] = useState(Number(initial?.allowcreate ?? 0) === 1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const fixed = kind === GROUP_KINDS.fixed;
  const free = kind === GROUP_KINDS.free;
  // free groupings have no caps; in a fixed one students create nothing
  const body: GroupingBody = {
    title,
    type: kind,
    membercap: free ? 0 : Number(membercap || 0),
    groupcap: free ? 0 : Number(groupcap || 0),
    allowcreate: !fixed && allowcreate ? 1 : 0,
  };
  const saved = initial
    ? JSON.stringify({
        title: initial.title,
        type: Number(initial.type),
        membercap: Number(initial.membercap),
        groupcap: Number(initial.groupcap),
        allowcreate: Number(initial.allowcreate),
      })
    : JSON.stringify({ title: '', type: GROUP_KINDS.limited, membercap: 0, groupcap: 0, allowcreate: 0 });
  const dirty = JSON.stringify(body) !== saved;
  const back = initial ? groupDetailsPath(courseId, initial.id) : memberPath(courseId, 'groups');
  const leave = useLeaveGuard(dirty && !saving, back);

  const save = async () => {
    setFormError(undefined);
    const next: Record<string, string> = {};
    const checked = validate(groupSetInput, { courseid: courseId, ...body });
    if (!checked.ok) for (const [field, key] of Object.entries(checked.errors)) next[field] = t(key);
    if (!free) {
      if (!/^\d+$/.test(membercap.trim()) || Number(membercap) > MEMBER_CAP_MAX)
        next.membercap = t('members.groups.capInvalid', { max: MEMBER_CAP_MAX });
      if (!/^\d+$/.test(groupcap.trim()) || Number(groupcap) > GROUP_CAP_MAX)
        next.groupcap = t('members.groups.capInvalid', { max: GROUP_CAP_MAX });
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setSaving(true);
    try {
      const data = { ...body, title: title.trim() };
      if (initial) {
        await membersApi.editGrouping(courseId, initial.id, data);
        Toast.show({ content: t('members.groups.saved') });
        await refresh();
        navigate(groupDetailsPath(courseId, initial.id), { replace: true });
      } else {
        const created = await membersApi.addGrouping(courseId, data);
        Toast.show({ content: t('members.groups.created', { title: created.title }) });
        await refresh();
        navigate(groupDetailsPath(courseId, created.id), { replace: true });
      }
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setFormError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!initial) return;
    const confirmed = await confirmDialog({
      title: t('members.groups.deleteTitle'),
      content: t('members.groups.deleteConfirm', { title: initial.title, count: initial.groups.length }),
      confirmText: t('members.groups.delete'),
      danger: true,
      testid: 'grouping-delete-ask',
    }).result;
    if (!confirmed) return;
    try {
      await membersApi.deleteGrouping(courseId, initial.id);
      Toast.show({ content: t('members.groups.deleted', { title: initial.title }) });
      await refresh();
      navigate(memberPath(courseId, 'groups'), { replace: true });
    } catch (e) {
      showApiError(e);
    }
  };

  const capField = (testid: string, label: string, value: string, set: (v: string) => void, field: string) => (
    <TextField
      testid={testid}
      label={label}
      inputMode="numeric"
      value={value}
      onChange={(v) => {
        set(v.replace(/\D/g, ''));
        setErrors(({ [field]: _, ...rest }) => rest);
      }}
      maxLength={4}
      hint={t('members.groups.capHint')}
      error={errors[field]}
    />
  );

  return (
    <>
      <PageNavBar title={initial ? t('members.groups.editTitle') : t('members.groups.createTitle')} onBack={() => void leave()} />
      <div className="page-body form-page">
        <div className="form-card">
          <TextField
            testid="grouping-title-input"
            label={
              <>
                {t('members.groups.title')} <span className="required-mark">*</span>
              </>
            }
            placeholder={t('members.groups.titlePlaceholder')}
            value={title}
            onChange={(v) => {
              setTitle(v);
              setErrors(({ title: _, ...rest }) => rest);
            }}
            maxLength={30}
            error={errors.title}
          />
        </div>
        <List className="setting-list" header={t('members.groups.kind')}>
          <List.Item description={t(`members.groups.kindText${kind}`)}>
            <Selector
              className="course-selector"
              columns={3}
              value={[String(kind)]}
              onChange={(v) => {
                if (v[0]) setKind(Number(v[0]) as GroupKind);
              }}
              options={KINDS.map((k) => ({
                value: String(k),
                label: <span data-testid={`grouping-type-${k}`}>{t(`members.groups.kind${k}`)}</span>,
              }))}
            />
          </List.Item>
          {errors.type ? <List.Item className="field-error">{errors.type}</List.Item> : null}
        </List>
        {free ? (
          <p className="form-intro" data-testid="grouping-free-note">
            {t('members.groups.freeNote')}
          </p>
        ) : (
          <List className="setting-list" header={t('members.groups.caps')}>
            <List.Item>
              {capField('grouping-membercap', t('members.groups.membercap'), membercap, setMembercap, 'membercap')}
            </List.Item>
            <List.Item>
              {capField('grouping-groupcap', t('members.groups.groupcap'), groupcap, setGroupcap, 'groupcap')}
            </List.Item>
          </List>
        )}
        {fixed ? null : (
          <List className="setting-list">
            <List.Item
              description={t('members.groups.allowCreateText')}
              extra={
                <Switch
                  checked={allowcreate}
                  onChange={setAllowcreate}
                  data-testid="grouping-allowcreate"
                  aria-label={t('members.groups.allowCreate')}
                />
              }
            >
              {t('members.groups.allowCreate')}
            </List.Item>
          </List>
        )}
        <FormError message={formError} testid="grouping-error" />
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={saving}
          disabled={saving}
          onClick={() => void save()}
          className="submit-button"
          data-testid="grouping-save"
        >
          {initial ? t('members.groups.save') : t('members.groups.create')}
        </Button>
        {initial ? (
          <Button
            block
            color="danger"
            fill="none"
            shape="rounded"
            onClick={() => void remove()}
            className="link-button"
            data-testid="grouping-delete"
          >
            {t('members.groups.delete')}
          </Button>
        ) : null}
      </div>
    </>
  );
}
