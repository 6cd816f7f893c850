import { SUBMISSION_STATES } from '@paiclass/shared';
import { ActionSheet, Button, Checkbox, CheckList, ErrorBlock, Popup, Skeleton, Tag, Toast } from 'antd-mobile';
import type { Action } from 'antd-mobile/es/components/action-sheet';
import { CloseOutline, FilterOutline, MoreOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { BodyTestId } from '../../../components/BodyTestId';
import { confirmDialog } from '../../../components/dialogs';
import { FilterTabs } from '../../../components/FilterTabs';
import { NavIconButton } from '../../../components/NavIconButton';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { formatTime } from '../../materials/utils';
import { LoadMoreButton } from '../../members/components/LoadMoreButton';
import { parseItemId } from '../../notices/utils';
import { homeworkApi } from '../api';
import { GradePopup, type GradeTarget } from '../components/GradePopup';
import { ReasonPopup } from '../components/ReasonPopup';
import { WorkStateTag } from '../components/WorkStateTag';
import { useHomework, useOwners, useRefreshHomework } from '../hooks/useHomework';
import { homeworkPath, repulsePath, stuUserListPath, stuWorkDetailPath } from '../paths';
import type { Homework, OwnerRow, Submission } from '../types';
import { FILTERS, formatScore, gradable, parseFilter, returnable, shareable } from '../utils';
import '../../notices/notices.css';
import '../homework.css';

/**
 * /homework/stuUserList?courseId=&id=[&filter=] (and /homework/filter, the same list with the
 * filter chooser open): every student (or group) of a homework with where their work stands
 * (spec 2 §4), filtered; grade, return, share or open each one, or select several and grade or
 * return them together (at least one must be selected, spec 2 §5).
 */
export default function StuUserListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const goBack = useGoBack(courseId && id ? homeworkPath(courseId, 1, id) : undefined);
  const [chooser, setChooser] = useState(() => location.pathname.toLowerCase() === '/homework/filter');

  return (
    <div className="page hw-page" data-testid="submissions-page">
      <PageNavBar
        title={t('homework.list.title')}
        onBack={goBack}
        right={
          id ? (
            <NavIconButton
              icon={<FilterOutline />}
              label={t('homework.list.filter')}
              onClick={() => setChooser(true)}
              testid="filter-open"
            />
          ) : undefined
        }
      />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) =>
          id === null ? (
            <LoadFailed message={t('homework.notFound')} />
          ) : (
            <Submissions courseId={course.id} id={id} chooser={chooser} setChooser={setChooser} />
          )
        }
      </CourseGate>
    </div>
  );
}

function Submissions({
  courseId,
  id,
  chooser,
  setChooser,
}: {
  courseId: number;
  id: number;
  chooser: boolean;
  setChooser: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const hw = useHomework(courseId, id);
  if (hw.isPending)
    return (
      <div className="page-body">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (hw.isError) return <QueryFailed error={hw.error} onRetry={() => void hw.refetch()} />;
  if (Number(hw.data.publishState) < 2)
    return (
      <div className="page-body page-center" data-testid="submissions-not-out">
        <ErrorBlock status="empty" title={t('homework.list.notOut')} description="" />
      </div>
    );
  return <SubmissionList courseId={courseId} hw={hw.data} chooser={chooser} setChooser={setChooser} />;
}

function SubmissionList({
  courseId,
  hw,
  chooser,
  setChooser,
}: {
  courseId: number;
  hw: Homework;
  chooser: boolean;
  setChooser: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const filter = parseFilter(params.get('filter'));
  const { query, rows, total } = useOwners(courseId, hw.id, filter);
  const refresh = useRefreshHomework(courseId, hw.id);
  const [batch, setBatch] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [menuFor, setMenuFor] = useState<OwnerRow | null>(null);
  const [grading, setGrading] = useState<GradeTarget | null>(null);
  const [sharing, setSharing] = useState<Submission | null>(null);
  const group = hw.settings.type === 2;

  const selectable = rows.filter((r) => gradable(r.submission)).map((r) => r.submission!.sid);
  const allChecked = selectable.length > 0 && selectable.every((sid) => selected.includes(sid));
  const nameOf = (row: OwnerRow) => (group ? row.name : `${row.name}${row.members[0]?.stno ? ` (${row.members[0].stno})` : ''}`);

  const requireSelection = () => {
    if (selected.length > 0) return true;
    // spec 2 §5: batch operations need at least one assignment checked
    Toast.show({ content: t('validation.selectOne') });
    return false;
  };

  const saveGrade = async (sids: number[], score: number, comment: string) => {
    const done = await homeworkApi.grade(courseId, hw.id, sids, score, comment);
    Toast.show({
      content: done.published
        ? t('homework.grade.savedPublished', { count: done.count })
        : t('homework.grade.saved', { count: done.count }),
    });
    setGrading(null);
    setSelected([]);
    await refresh();
  };

  const cancelShare = async (s: Submission) => {
    const ok = await confirmDialog({
      title: t('homework.share.cancelTitle'),
      content: t('homework.share.cancelConfirm'),
      testid: 'cancel-share',
    }).result;
    if (!ok) return;
    try {
      await homeworkApi.cancelShare(courseId, hw.id, s.sid);
      Toast.show({ content: t('homework.share.cancelled') });
      await refresh();
    } catch (e) {
      showApiError(e);
    }
  };

  const remind = async (row: OwnerRow) => {
    try {
      const done = await homeworkApi.call(
        courseId,
        hw.id,
        row.members.map((m) => m.uid),
      );
      Toast.show({ content: t('homework.call.sent', { count: done.count }) });
      await refresh();
    } catch (e) {
      showApiError(e);
    }
  };

  const menuActions: Action[] = [];
  const m = menuFor;
  if (m?.submission) {
    const s = m.submission;
    menuActions.push({
      key: 'open',
      text: <span data-testid="row-action-open">{t('homework.list.open')}</span>,
      onClick: () => {
        setMenuFor(null);
        navigate(stuWorkDetailPath(courseId, hw.id, s.sid, filter));
      },
    });
    if (gradable(s))
      menuActions.push({
        key: 'grade',
        text: (
          <span data-testid="row-action-grade">{s.score !== null ? t('homework.list.regrade') : t('homework.list.grade')}</span>
        ),
        onClick: () => {
          setMenuFor(null);
          setGrading({ sids: [s.sid], label: nameOf(m), score: s.score, comment: s.comment });
        },
      });
    if (returnable(s))
      menuActions.push({
        key: 'return',
        text: <span data-testid="row-action-return">{t('homework.list.return')}</span>,
        onClick: () => {
          setMenuFor(null);
          navigate(repulsePath(courseId, hw.id, [s.sid]));
        },
      });
    if (Number(s.shared) === 1)
      menuActions.push({
        key: 'unshare',
        text: <span data-testid="row-action-unshare">{t('homework.list.unshare')}</span>,
        onClick: () => {
          setMenuFor(null);
          void cancelShare(s);
        },
      });
    else if (shareable(s))
      menuActions.push({
        key: 'share',
        text: <span data-testid="row-action-share">{t('homework.list.share')}</span>,
        onClick: () => {
          setMenuFor(null);
          setSharing(s);
        },
      });
  } else if (m) {
    menuActions.push({
      key: 'remind',
      text: <span data-testid="row-action-remind">{t('homework.call.remindOne')}</span>,
      onClick: () => {
        setMenuFor(null);
        void remind(m);
      },
    });
  }

  return (
    <>
      <FilterTabs
        param="filter"
        value={filter}
        none={0}
        className="course-tabs hw-tabs"
        onPick={() => setSelected([])}
        tabs={FILTERS.map((f) => ({ value: f, title: t(`homework.filter.${f}`), testid: `filter-tab-${f}` }))}
      />
      <div className="member-toolbar hw-toolbar">
        <span className="muted small" data-testid="submissions-count" aria-live="polite">
          {query.isSuccess
            ? group
              ? t('homework.list.countGroups', { count: total })
              : t('homework.list.countStudents', { count: total })
            : ' '}
        </span>
        <Button
          size="mini"
          shape="rounded"
          color={batch ? 'primary' : 'default'}
          onClick={() => {
            setBatch((b) => !b);
            setSelected([]);
          }}
          data-testid="batch-toggle"
        >
          {batch ? t('homework.list.batchDone') : t('homework.list.batch')}
        </Button>
      </div>

      {query.isPending ? (
        <div className="page-body" data-testid="submissions-loading">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : query.isError ? (
        <QueryFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <div className="page-body page-center" data-testid="submissions-empty">
          <ErrorBlock status="empty" title={t('homework.list.empty')} description={t(`homework.filter.${filter}`)} />
        </div>
      ) : (
        <ul className={`review-list hw-owner-list${batch ? ' has-bar' : ''}`} data-testid="submissions-list">
          {rows.map((row) => (
            <OwnerItem
              key={row.owner}
              row={row}
              group={group}
              batch={batch}
              checked={Boolean(row.submission && selected.includes(row.submission.sid))}
              onCheck={(checked) => {
                const sid = row.submission!.sid;
                setSelected((cur) => (checked ? [...cur, sid] : cur.filter((x) => x !== sid)));
              }}
              onOpen={
                row.submission ? () => navigate(stuWorkDetailPath(courseId, hw.id, row.submission!.sid, filter)) : undefined
              }
              onMenu={() => setMenuFor(row)}
            />
          ))}
          {query.hasNextPage ? <LoadMoreButton query={query} testid="submissions-more" /> : null}
        </ul>
      )}

      {batch ? (
        <div className="review-bar hw-batch-bar" data-testid="batch-bar">
          <Checkbox
            checked={allChecked}
            indeterminate={selected.length > 0 && !allChecked}
            onChange={(checked) => setSelected(checked ? selectable : [])}
            data-testid="batch-select-all"
          >
            {t('homework.list.selectAll')}
          </Checkbox>
          <span className="muted small review-count" data-testid="batch-selected">
            {t('homework.list.selected', { count: selected.length })}
          </span>
          <Button
            size="small"
            shape="rounded"
            color="danger"
            fill="outline"
            onClick={() => {
              if (requireSelection()) navigate(repulsePath(courseId, hw.id, selected));
            }}
            data-testid="batch-return"
          >
            {t('homework.list.return')}
          </Button>
          <Button
            size="small"
            shape="rounded"
            color="primary"
            onClick={() => {
              if (requireSelection())
                setGrading({ sids: selected, label: t('homework.grade.batchWho', { count: selected.length }) });
            }}
            data-testid="batch-grade"
          >
            {t('homework.list.grade')}
          </Button>
        </div>
      ) : null}

      <ActionSheet
        visible={menuFor !== null}
        actions={menuActions}
        extra={<span data-testid="row-menu-title">{menuFor ? nameOf(menuFor) : ''}</span>}
        cancelText={t('common.cancel')}
        onClose={() => setMenuFor(null)}
      />
      <GradePopup target={grading} fullscore={hw.settings.fullscore} onClose={() => setGrading(null)} onSave={saveGrade} />
      <ReasonPopup
        open={sharing !== null}
        title={t('homework.share.title')}
        tip={sharing ? t('homework.share.tip', { name: sharing.groupname || sharing.username }) : undefined}
        placeholder={t('homework.share.placeholder')}
        confirmText={t('homework.share.confirm')}
        emptyKey="validation.shareReason"
        testid="share-popup"
        onClose={() => setSharing(null)}
        onConfirm={async (reason) => {
          await homeworkApi.share(courseId, hw.id, sharing!.sid, reason);
          Toast.show({ content: t('homework.share.done') });
          setSharing(null);
          await refresh();
        }}
      />
      <FilterChooser
        open={chooser}
        value={filter}
        onClose={() => setChooser(false)}
        onPick={(f) => {
          setChooser(false);
          setSelected([]);
          // /homework/filter becomes the list it chose
          navigate(stuUserListPath(courseId, hw.id, f), { replace: true });
        }}
        counts={hw.counts}
      />
    </>
  );
}

function OwnerItem({
  row,
  group,
  batch,
  checked,
  onCheck,
  onOpen,
  onMenu,
}: {
  row: OwnerRow;
  group: boolean;
  batch: boolean;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  onOpen?: () => void;
  onMenu: () => void;
}) {
  const { t } = useTranslation();
  const s = row.submission;
  const first = row.members[0];
  return (
    <li
      className="review-row hw-owner"
      data-testid="owner-row"
      data-owner={row.owner}
      data-sid={s?.sid ?? ''}
      data-state={row.state}
    >
      {batch ? (
        <Checkbox
          className="review-check"
          checked={checked}
          disabled={!gradable(s)}
          onChange={onCheck}
          data-testid="owner-check"
          aria-label={row.name}
        />
      ) : null}
      <button type="button" className="hw-owner-main" onClick={onOpen ?? onMenu} data-testid="owner-open">
        <span className="hw-owner-text">
          <span className="hw-owner-name" data-testid="owner-name">
            {row.name}
            {!group && first?.stno ? <span className="muted small"> {first.stno}</span> : null}
          </span>
          {group ? (
            <span className="muted small hw-owner-members" data-testid="owner-members">
              {row.members.map((mem) => mem.username).join('、')}
            </span>
          ) : null}
          <span className="hw-owner-tags">
            <WorkStateTag state={row.state} testid="owner-state" />
            {s && Number(s.overtime) === 1 && row.state !== SUBMISSION_STATES.late ? (
              <Tag color="warning" fill="outline" className="hw-tag" data-testid="owner-overtime">
                {t('homework.submission.overtime')}
              </Tag>
            ) : null}
            {s && Number(s.shared) === 1 ? (
              <Tag color="success" fill="outline" className="hw-tag" data-testid="owner-shared">
                {t('homework.list.sharedTag')}
              </Tag>
            ) : null}
            {Number(row.called) === 1 ? (
              <Tag color="danger" fill="outline" className="hw-tag" data-testid="owner-called">
                {t('homework.list.calledTag')}
              </Tag>
            ) : null}
          </span>
          {s ? (
            <span className="muted small" data-testid="owner-time">
              {t('homework.submission.time', { time: formatTime(Number(s.submittime)) })}
              {group && s.username ? ` · ${t('homework.submission.by', { name: s.username })}` : ''}
            </span>
          ) : null}
        </span>
        {s && s.score !== null ? (
          <span className="hw-owner-score" data-testid="owner-score">
            {formatScore(s.score)}
          </span>
        ) : null}
        {onOpen ? <RightOutline className="muted" /> : null}
      </button>
      <button
        type="button"
        className="icon-button hw-owner-more"
        onClick={onMenu}
        aria-label={t('homework.list.actions')}
        data-testid="owner-more"
      >
        <MoreOutline />
      </button>
    </li>
  );
}

function FilterChooser({
  open,
  value,
  counts,
  onClose,
  onPick,
}: {
  open: boolean;
  value: number;
  counts?: Homework['counts'];
  onClose: () => void;
  onPick: (filter: number) => void;
}) {
  const { t } = useTranslation();
  const countOf = (f: number): number | undefined => {
    if (!counts) return undefined;
    switch (f) {
      case 0:
        return counts.total;
      case 1:
        return counts.notsubmitted;
      case 2:
        return counts.submitted;
      case 3:
        return counts.overtime;
      case 4:
        return counts.returned;
      case 5:
        return Math.max(0, counts.graded - counts.published);
      case 6:
        return counts.published;
      case 7:
        return counts.shared;
      default:
        return undefined;
    }
  };
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet-popup">
      <BodyTestId id="filter-popup" />
      <div className="sheet-head">
        <span className="sheet-title">{t('homework.list.filterTitle')}</span>
        <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
          <CloseOutline />
        </button>
      </div>
      <CheckList
        value={[String(value)]}
        onChange={(next) => {
          const picked = next[next.length - 1];
          onPick(picked === undefined ? value : Number(picked));
        }}
      >
        {FILTERS.map((f) => {
          const n = countOf(f);
          return (
            <CheckList.Item key={f} value={String(f)} data-testid={`filter-option-${f}`}>
              <span className="hw-filter-option">
                {t(`homework.filter.${f}`)}
                {n === undefined ? null : <span className="muted small">{n}</span>}
              </span>
            </CheckList.Item>
          );
        })}
      </CheckList>
    </Popup>
  );
}
