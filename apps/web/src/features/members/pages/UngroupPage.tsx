import { Button, Checkbox, ErrorBlock, Selector, Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { useGoBack } from '../../../components/PageNavBar';
import { ApiError, errorMessage } from '../../../lib/api';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import type { CourseInfo } from '../../courses/types';
import { parseCourseId } from '../../courses/utils';
import { membersApi } from '../api';
import { PersonRow } from '../components/PersonRow';
import { useGrouping } from '../hooks/useGrouping';
import { useRefreshMembers } from '../hooks/useRefreshMembers';
import { groupDetailsPath } from '../paths';
import { isFull, memberCount } from '../utils';
import { GroupingHead, GroupPageFrame } from './GroupDetailsPage';

/** /member/Ungroup?courseId=&id=[&groupid=]: the students in no group; teachers put chosen ones into a group. */
export default function UngroupPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const groupId = parseCourseId(params.get('groupid'));
  return (
    <GroupPageFrame testid="ungroup-page" title={t('members.groups.ungroupTitle')} back={groupDetailsPath}>
      {(info, id) => <Ungrouped info={info} id={id} initialGroup={groupId} />}
    </GroupPageFrame>
  );
}

function Ungrouped({ info, id, initialGroup }: { info: CourseInfo; id: number; initialGroup: number | null }) {
  const { t } = useTranslation();
  const courseId = info.id;
  const goBack = useGoBack(groupDetailsPath(courseId, id));
  const grouping = useGrouping(courseId, id);
  const refresh = useRefreshMembers(courseId);
  const [selected, setSelected] = useState<number[]>([]);
  const [target, setTarget] = useState<number | null>(initialGroup);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  if (grouping.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (grouping.isError) return <QueryFailed error={grouping.error} onRetry={() => void grouping.refetch()} />;
  const g = grouping.data;
  const manager = Number(g.canManage) === 1;
  const chosen = g.ungrouped.filter((m) => selected.includes(m.uid));

  const submit = async () => {
    setError(undefined);
    if (chosen.length === 0) {
      setError(t('validation.chooseOne'));
      return;
    }
    const group = g.groups.find((x) => x.id === target);
    if (!group) {
      setError(t('members.groups.chooseTarget'));
      return;
    }
    setSaving(true);
    try {
      const { count } = await membersApi.joinGroup(
        courseId,
        group.id,
        chosen.map((m) => m.uid),
      );
      Toast.show({ content: t('members.groups.assigned', { count, name: group.name }) });
      await refresh();
      goBack();
    } catch (e) {
      // the group is full, for instance: said here, and the page shows the groups as they are now
      if (!(e instanceof ApiError && e.handled)) setError(errorMessage(e));
      await refresh();
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={`page-body member-body${manager && g.ungrouped.length > 0 ? ' has-bar' : ''}`}>
      <GroupingHead g={g} />
      {g.ungrouped.length === 0 ? (
        <div className="member-empty small-empty" data-testid="ungroup-empty">
          <ErrorBlock status="empty" title={t('members.groups.allGrouped')} description="" />
        </div>
      ) : (
        <>
          {manager ? (
            <>
              <h2 className="section-title">{t('members.groups.target')}</h2>
              {g.groups.length === 0 ? (
                <p className="muted small">{t('members.groups.noGroupsTeacher')}</p>
              ) : (
                <Selector
                  className="course-selector group-target"
                  columns={2}
                  value={target ? [String(target)] : []}
                  onChange={(v) => setTarget(v[0] ? Number(v[0]) : null)}
                  options={g.groups.map((x) => ({
                    value: String(x.id),
                    disabled: isFull(x, g),
                    label: (
                      <span data-testid="ungroup-target-option" data-id={x.id}>
                        {x.name}
                        <span className="selector-sub">{memberCount(t, x, g)}</span>
                      </span>
                    ),
                  }))}
                />
              )}
            </>
          ) : null}
          <h2 className="section-title">{t('members.groups.ungrouped', { count: g.ungrouped.length })}</h2>
          <ul className="person-list">
            {g.ungrouped.map((m) => {
              const checked = selected.includes(m.uid);
              const toggle = (on: boolean) => setSelected((cur) => (on ? [...cur, m.uid] : cur.filter((x) => x !== m.uid)));
              return (
                <PersonRow
                  key={m.uid}
                  testid="ungroup-row"
                  uid={m.uid}
                  name={m.username}
                  avatar={m.avatar}
                  selected={manager && checked}
                  arrow={false}
                  prefix={
                    manager ? (
                      <Checkbox
                        className="person-check"
                        checked={checked}
                        onChange={toggle}
                        data-testid="ungroup-check"
                        aria-label={m.username}
                      />
                    ) : undefined
                  }
                  onOpen={manager ? () => toggle(!checked) : undefined}
                />
              );
            })}
          </ul>
          <FormError message={error} testid="ungroup-error" />
          {manager ? (
            <div className="review-bar member-bar">
              <span className="muted small review-count" data-testid="ungroup-selected">
                {t('members.students.selected', { count: chosen.length })}
              </span>
              <Button
                size="small"
                shape="rounded"
                color="primary"
                loading={saving}
                disabled={saving}
                onClick={() => void submit()}
                data-testid="ungroup-submit"
              >
                {t('members.groups.assignSubmit')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
