import { Button, ErrorBlock, Skeleton, Toast } from 'antd-mobile';
import { DownlandOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { formatTime } from '../../materials/utils';
import { saveBlob } from '../../scores/api';
import { attendanceApi } from '../api';
import { useCourseStats, useStudentStats } from '../hooks/useAttendance';
import type { StudentStats } from '../types';
import { countOf, paths, typeOf } from '../utils';
import { StatsChart } from './StatsChart';
import { TypeIcon } from './TypeIcon';

/**
 * The course's attendance statistics (issue 13): the totals by status as a chart, the rate present,
 * every student's counts, each attendance's rate, and the lot as the server's .xlsx workbook.
 */
export function CourseStatistics({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const course = useCourseStats(courseId);
  const students = useStudentStats(courseId);
  const [exporting, setExporting] = useState(false);

  if (course.isPending || students.isPending)
    return (
      <div className="page-body att-body" aria-busy="true">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  if (course.isError) return <QueryFailed error={course.error} onRetry={() => void course.refetch()} />;
  if (students.isError) return <QueryFailed error={students.error} onRetry={() => void students.refetch()} />;
  const c = course.data;
  if (c.attendances === 0)
    return (
      <div className="page-center" data-testid="att-stats-empty">
        <ErrorBlock status="empty" title={t('attendance.stats.emptyTitle')} description={t('attendance.stats.emptyText')} />
      </div>
    );

  const exportXlsx = async () => {
    setExporting(true);
    try {
      // the server's workbook: every student and every attendance, in the caller's language
      const file = await attendanceApi.exportStats(courseId);
      saveBlob(file.blob, file.name);
      Toast.show({ content: t('attendance.stats.exported') });
    } catch (e) {
      showApiError(e);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="page-body att-body" data-testid="att-stats">
      <section className="att-card">
        <div className="att-stat-head">
          <span>
            <strong data-testid="att-stats-rate">{c.rate}%</strong>
            <span className="muted small"> {t('attendance.stats.rate')}</span>
          </span>
          <span className="muted small" data-testid="att-stats-count">
            {t('attendance.stats.counted', { count: c.attendances, students: c.students })}
          </span>
        </div>
        <p className="muted small" data-testid="att-stats-rule">
          {t('attendance.stats.rule')}
        </p>
        <StatsChart counts={c.counts} />
        <Button
          block
          fill="outline"
          color="primary"
          loading={exporting}
          onClick={() => void exportXlsx()}
          data-testid="att-export"
        >
          <DownlandOutline /> {t('attendance.stats.export')}
        </Button>
      </section>
      <button
        type="button"
        className="att-running-card att-link-card"
        onClick={() => navigate(`/checkIn/counselorCheckin?courseId=${courseId}&courseRole=1`)}
        data-testid="att-by-class"
      >
        <span className="att-row-text">
          <span className="att-row-title">{t('attendance.counselor.entry')}</span>
          <span className="muted small">{t('attendance.counselor.entryHint')}</span>
        </span>
        <RightOutline />
      </button>
      <section className="att-card">
        <h2 className="att-section-title">{t('attendance.stats.byStudent')}</h2>
        <StudentTable rows={students.data} />
      </section>
      <section className="att-card">
        <h2 className="att-section-title">{t('attendance.stats.byAttendance')}</h2>
        <ul className="att-records">
          {c.lists.map((a) => (
            <li key={a.id} className="att-record">
              <button
                type="button"
                className="att-record-main"
                onClick={() => navigate(paths.detail(courseId, a.id))}
                data-testid="att-stats-attendance"
                data-id={a.id}
              >
                <TypeIcon type={typeOf(a)} />
                <span className="att-record-text">
                  <span className="att-record-name">{a.title}</span>
                  <span className="muted small">{formatTime(a.createtime)}</span>
                </span>
                <strong>{a.rate}%</strong>
                <RightOutline className="muted" />
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** Each student's counts: present, late, absent, leave of any kind, and the rate. */
export function StudentTable({ rows }: { rows: StudentStats[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="muted small">{t('attendance.stats.noStudents')}</p>;
  const leave = (r: StudentStats) => [3, 4, 5, 6].reduce((n, s) => n + countOf(r.counts, s), 0);
  return (
    // scrolls sideways on a phone (wider in English): a keyboard reaches it, and a screen reader names it
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keys (axe scrollable-region-focusable)
    <section className="att-table-wrap" tabIndex={0} aria-label={t('attendance.stats.byStudent')}>
      <table className="att-table" data-testid="att-student-table">
        <thead>
          <tr>
            <th>{t('attendance.stats.student')}</th>
            <th>{t('attendance.state.s0')}</th>
            <th>{t('attendance.state.s2')}</th>
            <th>{t('attendance.state.s1')}</th>
            <th>{t('attendance.stats.leave')}</th>
            <th>{t('attendance.stats.rateShort')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.userid} data-testid="att-student-stat" data-userid={r.userid}>
              <td>
                {r.username}
                {r.stno ? <div className="muted small">{r.stno}</div> : null}
              </td>
              <td>{countOf(r.counts, 0)}</td>
              <td>{countOf(r.counts, 2)}</td>
              <td>{countOf(r.counts, 1)}</td>
              <td>{leave(r)}</td>
              <td>{r.rate}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
