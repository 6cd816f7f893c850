import { useQueryClient } from '@tanstack/react-query';
import { ActionSheet, Button, ErrorBlock, Skeleton, Toast } from 'antd-mobile';
import { DownlandOutline, MoreOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { FilterTabs } from '../../../components/FilterTabs';
import { NavIconButton } from '../../../components/NavIconButton';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { formatTime } from '../../materials/utils';
import { parseItemId } from '../../notices/utils';
import { saveBlob } from '../../scores/api';
import { attendanceApi, attendanceKeys } from '../api';
import { type RecordLike, RecordRow, riskReasons } from '../components/RecordRow';
import { StateSheet } from '../components/StateSheet';
import { StatsChart } from '../components/StatsChart';
import { TypeIcon } from '../components/TypeIcon';
import { useAttendanceStudents } from '../hooks/useAttendance';
import { useAttendanceEvents } from '../hooks/useLive';
import type { StaffAttence } from '../types';
import { ATTENCE_STATES, countOf, isRunning, paths, stateLabel, stateOf, typeOf } from '../utils';
import '../attendance.css';

/** The filter of the address: -1 (all) or a status of spec 2 §4. */
function parseFilter(raw: string | null): number {
  const n = Number(raw);
  return raw !== null && (ATTENCE_STATES as readonly number[]).includes(n) ? n : -1;
}

/**
 * /checkIn/teaCheckinDetail?courseId=&courseRole=1&id=[&state=]: one attendance's result — the
 * counts as a chart, every student filtered by status ("all" too), any status set by hand, the
 * risk flags with their reasons; rename, delete (after a confirmation) and export to .xlsx.
 */
export default function TeaCheckinDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const goBack = useGoBack(courseId ? paths.teacherIndex(courseId) : undefined);
  const [menu, setMenu] = useState(false);
  return (
    <div className="page att-page" data-testid="tea-checkin-detail">
      <PageNavBar
        title={t('attendance.detail.title')}
        onBack={goBack}
        right={
          id ? (
            <NavIconButton
              icon={<MoreOutline />}
              label={t('attendance.detail.more')}
              onClick={() => setMenu(true)}
              testid="att-detail-menu"
            />
          ) : undefined
        }
      />
      <CourseGate courseId={courseId} info={info} ability="teachClass">
        {(course) =>
          id === null ? (
            <LoadFailed message={t('attendance.notFound')} />
          ) : (
            <Detail courseId={course.id} id={id} menu={menu} closeMenu={() => setMenu(false)} />
          )
        }
      </CourseGate>
    </div>
  );
}

function Detail({ courseId, id, menu, closeMenu }: { courseId: number; id: number; menu: boolean; closeMenu: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const filter = parseFilter(params.get('state'));
  // the whole list holds the attendance and the counts; the filtered one its rows
  const all = useAttendanceStudents(courseId, id, -1);
  const filtered = useAttendanceStudents(courseId, id, filter);
  const [setting, setSetting] = useState<RecordLike | null>(null);
  useAttendanceEvents(courseId, { onRecord: () => void client.invalidateQueries({ queryKey: attendanceKeys.all(courseId) }) });

  if (all.isPending)
    return (
      <div className="page-body att-body" aria-busy="true" data-testid="att-detail-loading">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  if (all.isError) return <QueryFailed error={all.error} onRetry={() => void all.refetch()} />;
  const a = all.data.attence;
  const running = isRunning(a);
  const type = typeOf(a);

  const remove = async () => {
    closeMenu();
    const ok = await confirmDialog({
      title: t('attendance.detail.deleteTitle'),
      content: t('attendance.detail.deleteConfirm', { title: a.title }),
      confirmText: t('attendance.detail.delete'),
      danger: true,
      testid: 'att-delete',
    }).result;
    if (!ok) return;
    try {
      await attendanceApi.remove(id);
      Toast.show({ content: t('attendance.detail.deleted') });
      client.removeQueries({ queryKey: attendanceKeys.students(courseId, id, -1) });
      await client.invalidateQueries({ queryKey: attendanceKeys.all(courseId) });
      navigate(paths.teacherIndex(courseId), { replace: true });
    } catch (e) {
      showApiError(e);
    }
  };

  const exportRecords = async () => {
    closeMenu();
    try {
      const { workbook } = await import('../xlsx');
      const rows = all.data.lists;
      const blob = workbook([
        {
          name: a.title,
          rows: [
            [
              t('attendance.stats.student'),
              t('attendance.stats.stno'),
              t('attendance.stats.className'),
              t('attendance.detail.state'),
              t('attendance.detail.checkin'),
              t('attendance.detail.checkout'),
              t('attendance.detail.risk'),
            ],
            ...rows.map((r) => [
              r.username,
              r.stno,
              r.classname,
              stateLabel(t, stateOf(r), type),
              r.checkintime ? formatTime(r.checkintime) : '',
              r.checkouttime ? formatTime(r.checkouttime) : '',
              riskReasons(r)
                .map((k) => t(`attendance.risk.${k}`))
                .join(t('attendance.reasonSeparator')),
            ]),
          ],
        },
      ]);
      saveBlob(blob, `${a.title}.xlsx`);
      Toast.show({ content: t('attendance.stats.exported') });
    } catch (e) {
      showApiError(e);
    }
  };

  const rows = filtered.data?.lists ?? [];
  return (
    <div className="page-body att-body">
      <Head a={a} />
      {running ? (
        <Button
          block
          color="primary"
          fill="outline"
          onClick={() => navigate(paths.running(courseId, id))}
          data-testid="att-detail-running"
        >
          {t('attendance.detail.stillRunning')}
        </Button>
      ) : null}
      <section className="att-card" data-testid="att-detail-stats">
        <div className="att-stat-head">
          <span data-testid="att-detail-present">
            {t('attendance.detail.present', {
              count: countOf(a.counts, 0) + countOf(a.counts, 2),
              total: a.total,
            })}
          </span>
          {a.risky ? (
            <span className="att-risk" data-testid="att-risky-count">
              {t('attendance.detail.risky', { count: a.risky })}
            </span>
          ) : null}
        </div>
        <StatsChart counts={a.counts} waiting={running} type={type} />
      </section>

      <FilterTabs
        param="state"
        value={filter}
        none={-1}
        className="att-filter"
        // "waiting" only while it is open: once ended, nobody is
        tabs={[-1 as const, ...ATTENCE_STATES.filter((s) => running || s !== 100)].map((s) => ({
          value: s,
          testid: `att-filter-${s === -1 ? 'all' : s}`,
          title: (
            <>
              {s === -1 ? t('attendance.filterAll') : stateLabel(t, s, type)}
              <span className="muted small"> {s === -1 ? a.total : countOf(a.counts, s)}</span>
            </>
          ),
        }))}
      />
      {filtered.isPending ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : filtered.isError ? (
        <QueryFailed error={filtered.error} onRetry={() => void filtered.refetch()} />
      ) : rows.length === 0 ? (
        <ErrorBlock status="empty" title={t('attendance.detail.noneHere')} description="" data-testid="att-detail-empty" />
      ) : (
        <ul className="att-records" data-testid="att-detail-records">
          {rows.map((r) => (
            <RecordRow key={r.userid} r={r} type={type} onOpen={() => setSetting(r)} />
          ))}
        </ul>
      )}

      <StateSheet courseId={courseId} attenceId={id} record={setting} onClose={() => setSetting(null)} />
      <ActionSheet
        visible={menu}
        onClose={closeMenu}
        cancelText={t('common.cancel')}
        actions={[
          {
            key: 'rename',
            text: <span data-testid="att-rename">{t('attendance.detail.rename')}</span>,
            onClick: () => {
              closeMenu();
              navigate(paths.edit(courseId, id));
            },
          },
          {
            key: 'export',
            text: (
              <span data-testid="att-export-one">
                <DownlandOutline /> {t('attendance.detail.export')}
              </span>
            ),
            onClick: () => void exportRecords(),
          },
          {
            key: 'stats',
            text: <span data-testid="att-course-stats">{t('attendance.detail.courseStats')}</span>,
            onClick: () => {
              closeMenu();
              navigate(`${paths.teacherIndex(courseId)}&tab=stats`);
            },
          },
          {
            key: 'delete',
            text: <span data-testid="att-delete">{t('attendance.detail.delete')}</span>,
            danger: true,
            onClick: () => void remove(),
          },
        ]}
      />
    </div>
  );
}

function Head({ a }: { a: StaffAttence }) {
  const { t } = useTranslation();
  const type = typeOf(a);
  return (
    <section className="att-card att-run-head">
      <TypeIcon type={type} />
      <div className="att-row-text">
        <span className="att-row-title" data-testid="att-detail-title">
          {a.title}
        </span>
        <span className="muted small">
          {t(`attendance.type.t${type}`)} · {formatTime(a.createtime)} · {t('attendance.minutes', { count: a.duration })}
        </span>
        {a.nexttime ? (
          <span className="muted small" data-testid="att-detail-next">
            {t('attendance.detail.next', { time: formatTime(a.nexttime) })}
          </span>
        ) : null}
      </div>
    </section>
  );
}
