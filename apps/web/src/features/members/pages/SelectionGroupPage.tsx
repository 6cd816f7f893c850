import { Button, ErrorBlock } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import type { CourseInfo } from '../../courses/types';
import { GroupCard } from '../components/GroupCard';
import { useGroupChoice, useGrouping } from '../hooks/useGrouping';
import { groupDetailsPath, newGroupPath } from '../paths';
import { isFull } from '../utils';
import { GroupingHead, GroupPageFrame } from './GroupDetailsPage';

/** /member/SelectionGroup?courseId=&id=: a student chooses a group to join, or creates one when allowed (spec 2 §6). */
export default function SelectionGroupPage() {
  const { t } = useTranslation();
  return (
    <GroupPageFrame testid="selection-group-page" title={t('members.groups.chooseTitle')} back={groupDetailsPath}>
      {(info, id) => <Selection info={info} id={id} />}
    </GroupPageFrame>
  );
}

function Selection({ info, id }: { info: CourseInfo; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courseId = info.id;
  const grouping = useGrouping(courseId, id);
  const choice = useGroupChoice(courseId);

  if (grouping.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (grouping.isError) return <QueryFailed error={grouping.error} onRetry={() => void grouping.refetch()} />;
  const g = grouping.data;
  const mine = g.groups.find((x) => x.id === Number(g.mygroup));
  const canChoose = Number(g.canChoose) === 1;

  // who cannot choose here is told why: a teacher, a grouping the teacher assigns, or already in a group
  const why = !canChoose
    ? Number(g.canManage) === 1 || Number(info.courseRole) === 1
      ? t('members.groups.chooseTeacher')
      : t('members.groups.fixedWait')
    : mine
      ? t('members.groups.alreadyIn', { name: mine.name })
      : null;

  return (
    <div className="page-body member-body">
      <GroupingHead g={g} />
      {why ? (
        <p className="group-status" data-testid="selection-note">
          {why}
        </p>
      ) : (
        <p className="form-intro" data-testid="selection-intro">
          {t('members.groups.chooseIntro')}
        </p>
      )}
      <FormError message={choice.error} testid="selection-error" />
      {g.groups.length === 0 ? (
        <div className="member-empty small-empty" data-testid="group-empty">
          <ErrorBlock
            status="empty"
            title={t('members.groups.noGroups')}
            description={Number(g.canCreate) === 1 ? t('members.groups.noGroupsCreate') : t('members.groups.noGroupsStudent')}
          />
        </div>
      ) : (
        <ul className="group-list" data-testid="group-list">
          {g.groups.map((group) => {
            const full = isFull(group, g);
            return (
              <GroupCard
                key={group.id}
                group={group}
                grouping={g}
                mine={group.id === Number(g.mygroup)}
                actions={
                  canChoose && !mine ? (
                    <Button
                      size="small"
                      shape="rounded"
                      color="primary"
                      disabled={full || choice.busy !== null}
                      loading={choice.busy === group.id}
                      onClick={async () => {
                        if (await choice.join(group)) navigate(groupDetailsPath(courseId, id), { replace: true });
                      }}
                      data-testid="group-join"
                    >
                      {full ? t('members.groups.full') : t('members.groups.join')}
                    </Button>
                  ) : undefined
                }
              />
            );
          })}
        </ul>
      )}
      {canChoose && !mine && Number(g.canCreate) === 1 ? (
        <Button
          block
          shape="rounded"
          color="primary"
          fill="outline"
          onClick={() => navigate(newGroupPath(courseId, id))}
          data-testid="selection-create"
          className="submit-button"
        >
          <AddOutline /> {t('members.groups.createGroup')}
        </Button>
      ) : null}
    </div>
  );
}
