import { Button, ErrorBlock, Tag } from 'antd-mobile';
import { AddOutline, SetOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { UserAvatar } from '../../../components/UserAvatar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { parseCourseId } from '../../courses/utils';
import { GroupCard } from '../components/GroupCard';
import { useGroupChoice, useGrouping } from '../hooks/useGrouping';
import { groupSettingsPath, memberPath, newGroupPath, selectionGroupPath, subGroupPath, ungroupPath } from '../paths';
import type { GroupingInfo } from '../types';
import { groupingRules, kindLabel } from '../utils';

/** The grouping of a group page's address (`id`), or null. */
export function useGroupingParam() {
  const [params] = useSearchParams();
  return parseCourseId(params.get('id'));
}

/** The page frame of the group pages: the top bar, then the course and the grouping, or why not. */
export function GroupPageFrame({
  testid,
  title,
  right,
  back,
  children,
}: {
  testid: string;
  title: string;
  right?: (info: CourseInfo, id: number) => ReactNode;
  back?: (courseId: number, id: number) => string;
  children: (info: CourseInfo, id: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const id = useGroupingParam();
  const info = useCourseInfo(courseId);
  const goBack = useGoBack(courseId ? (id && back ? back(courseId, id) : memberPath(courseId, 'groups')) : undefined);
  return (
    <div className="page member-page" data-testid={testid}>
      <PageNavBar title={title} onBack={goBack} right={info.data && id ? right?.(info.data, id) : undefined} />
      <CourseGate courseId={courseId} info={info}>
        {(course) => (id === null ? <LoadFailed message={t('members.groups.notFound')} /> : children(course, id))}
      </CourseGate>
    </div>
  );
}

/** /member/groupDetails?courseId=&id=: a grouping's groups with their members and leaders, and who is in none. */
export default function GroupDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <GroupPageFrame
      testid="group-details-page"
      title={t('members.groups.detailsTitle')}
      right={(info, id) =>
        hasAbility(info, 'manageGroups') ? (
          <button
            type="button"
            className="nav-icon-button"
            onClick={() => navigate(groupSettingsPath(info.id, id))}
            aria-label={t('members.groups.settingsTitle')}
            data-testid="grouping-edit"
          >
            <SetOutline />
          </button>
        ) : undefined
      }
    >
      {(info, id) => <GroupDetails info={info} id={id} />}
    </GroupPageFrame>
  );
}

/** The grouping's title, kind and rules. */
export function GroupingHead({ g }: { g: GroupingInfo }) {
  const { t } = useTranslation();
  const grouped = g.groups.reduce((n, x) => n + x.members.length, 0);
  return (
    <section className="grouping-head" data-testid="grouping-head">
      <div className="grouping-head-title">
        <h1 data-testid="grouping-head-title">{g.title}</h1>
        <Tag color="primary" fill="outline" className="person-tag" data-testid="grouping-kind">
          {kindLabel(t, g.type)}
        </Tag>
      </div>
      <p className="muted small" data-testid="grouping-rules">
        {groupingRules(t, g)}
      </p>
      <p className="grouping-stats small" data-testid="grouping-stats">
        {t('members.groups.stats', { groups: g.groups.length, grouped, ungrouped: g.ungrouped.length })}
      </p>
    </section>
  );
}

function GroupDetails({ info, id }: { info: CourseInfo; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const courseId = info.id;
  const grouping = useGrouping(courseId, id);
  const choice = useGroupChoice(courseId);

  if (grouping.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (grouping.isError) return <QueryFailed error={grouping.error} onRetry={() => void grouping.refetch()} />;
  const g = grouping.data;
  const manager = Number(g.canManage) === 1;
  const mine = g.groups.find((x) => x.id === Number(g.mygroup));
  const fixed = Number(g.type) === 1;
  const asStudent = !manager && Number(info.courseRole) === 0;

  return (
    <div className="page-body member-body">
      <GroupingHead g={g} />

      {asStudent ? (
        <section className={`group-status${mine ? ' is-in' : ''}`} data-testid="group-status">
          <p className="group-status-text" data-testid="group-status-text">
            {mine
              ? t('members.groups.youAreIn', { name: mine.name })
              : fixed
                ? t('members.groups.fixedWait')
                : t('members.groups.youAreOut')}
          </p>
          {!mine && Number(g.canChoose) === 1 ? (
            <div className="group-status-buttons">
              <Button
                size="small"
                shape="rounded"
                color="primary"
                onClick={() => navigate(selectionGroupPath(courseId, id))}
                data-testid="group-choose"
              >
                {t('members.groups.choose')}
              </Button>
              {Number(g.canCreate) === 1 ? (
                <Button
                  size="small"
                  shape="rounded"
                  color="primary"
                  fill="outline"
                  onClick={() => navigate(newGroupPath(courseId, id))}
                  data-testid="group-create"
                >
                  <AddOutline /> {t('members.groups.createGroup')}
                </Button>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}

      <FormError message={choice.error} testid="group-error" />

      <div className="section-title-row">
        <h2 className="section-title">{t('members.groups.groupsTitle', { count: g.groups.length })}</h2>
        {manager ? (
          <Button
            size="mini"
            shape="rounded"
            color="primary"
            fill="outline"
            onClick={() => navigate(newGroupPath(courseId, id))}
            data-testid="group-add"
          >
            <AddOutline /> {t('members.groups.addGroup')}
          </Button>
        ) : null}
      </div>
      {g.groups.length === 0 ? (
        <div className="member-empty small-empty" data-testid="group-empty">
          <ErrorBlock
            status="empty"
            title={t('members.groups.noGroups')}
            description={
              manager
                ? t('members.groups.noGroupsTeacher')
                : Number(g.canCreate) === 1
                  ? t('members.groups.noGroupsCreate')
                  : t('members.groups.noGroupsStudent')
            }
          />
        </div>
      ) : (
        <ul className="group-list" data-testid="group-list">
          {g.groups.map((group) => {
            const isMine = group.id === Number(g.mygroup);
            return (
              <GroupCard
                key={group.id}
                group={group}
                grouping={g}
                mine={isMine}
                onOpen={() => navigate(subGroupPath(courseId, id, group.id))}
                actions={
                  isMine && Number(g.canChoose) === 1 ? (
                    <Button
                      size="mini"
                      shape="rounded"
                      color="danger"
                      fill="outline"
                      loading={choice.busy === group.id}
                      onClick={() => void choice.leave(group, user ? Number(user.id) : undefined)}
                      data-testid="group-leave"
                    >
                      {t('members.groups.leave')}
                    </Button>
                  ) : undefined
                }
              />
            );
          })}
        </ul>
      )}

      <section className="ungrouped-section" data-testid="ungrouped-section">
        <div className="section-title-row">
          <h2 className="section-title" data-testid="ungrouped-count">
            {t('members.groups.ungrouped', { count: g.ungrouped.length })}
          </h2>
          {manager && g.ungrouped.length > 0 && g.groups.length > 0 ? (
            <Button
              size="mini"
              shape="rounded"
              color="primary"
              fill="outline"
              onClick={() => navigate(ungroupPath(courseId, id))}
              data-testid="ungrouped-assign"
            >
              {t('members.groups.assign')}
            </Button>
          ) : null}
        </div>
        {g.ungrouped.length === 0 ? (
          <p className="muted small">{t('members.groups.allGrouped')}</p>
        ) : (
          <div className="group-members is-loose">
            {g.ungrouped.map((m) => (
              <span key={m.uid} className="member-chip" data-testid="ungrouped-member" data-uid={m.uid}>
                <UserAvatar name={m.username} src={m.avatar || undefined} size={22} testid="group-member-avatar" />
                <span className="member-chip-name">{m.username}</span>
              </span>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
