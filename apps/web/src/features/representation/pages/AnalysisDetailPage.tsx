import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock, Skeleton, Tag } from 'antd-mobile';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { parseCourseId } from '../../courses/utils';
import { formatTime } from '../../materials/utils';
import { type ClassRecord, starKeys, starsApi } from '../api';
import { Bar } from '../components/RecordBar';
import '../representation.css';

/**
 * /analysis/detail?courseId=&courseRole=1: the course's class records, newest first (who came, bullet
 * comments, races, questions asked, doubts, stars); with `&classtimeid=` one class time with a CSS bar
 * chart of attendance and each question's answers. The teacher and assistants only (decision 023).
 */
export default function AnalysisDetailPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const [params] = useSearchParams();
  const classTimeId = parseCourseId(params.get('classtimeid')) ?? 0;
  const info = useCourseInfo(courseId);
  const goBack = useGoBack(courseId ? `/representation/performanceStatistics?courseId=${courseId}&courseRole=1` : undefined);
  return (
    <div className="page star-page" data-testid="class-records">
      <PageNavBar title={classTimeId ? t('classRecord.one') : t('classRecord.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="teachClass">
        {(course) => <Records courseId={course.id} classTimeId={classTimeId} />}
      </CourseGate>
    </div>
  );
}

function Records({ courseId, classTimeId }: { courseId: number; classTimeId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const records = useQuery({
    queryKey: starKeys.records(courseId, classTimeId),
    queryFn: () => starsApi.records(courseId, classTimeId),
  });
  if (records.isPending)
    return (
      <div className="page-body star-body">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (records.isError)
    return (
      <div className="page-body star-body">
        <QueryFailed error={records.error} onRetry={() => void records.refetch()} />
      </div>
    );
  const { list, students } = records.data;
  if (list.length === 0)
    return (
      <div className="page-body star-body">
        <ErrorBlock status="empty" title={t('classRecord.empty')} description="" data-testid="class-records-empty" />
      </div>
    );
  if (classTimeId) return <OneRecord courseId={courseId} record={list[0]!} students={students} />;
  return (
    <div className="page-body star-body">
      <section className="star-card star-summary">
        <span className="star-total">{t('classRecord.title')}</span>
        <Button
          size="mini"
          fill="outline"
          onClick={() => navigate(`/analysis/studyAnalysis?courseId=${courseId}&courseRole=1`)}
          data-testid="record-study-link"
        >
          {t('analysis.study.entry')}
        </Button>
      </section>
      <ul className="star-students" data-testid="class-record-list">
        {list.map((r) => (
          <li key={r.classtimeid}>
            <button
              type="button"
              className="star-student record-row"
              onClick={() => navigate(`/analysis/detail?courseId=${courseId}&courseRole=1&classtimeid=${r.classtimeid}`)}
              data-testid="class-record"
              data-id={r.classtimeid}
            >
              <span className="star-student-text">
                <span className="star-student-name">
                  <When record={r} />
                </span>
                <span className="record-counts muted small">
                  {t('classRecord.presentOf', { count: r.present, total: students })} ·{' '}
                  {t('classRecord.barrageCount', { count: r.barrage })} · {t('classRecord.stepCount', { count: r.steps.length })}{' '}
                  · {t('classRecord.starCount', { count: r.stars })}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function When({ record }: { record: ClassRecord }) {
  const { t } = useTranslation();
  const end = record.endtime ? formatTime(record.endtime).slice(11) : null;
  return (
    <>
      {formatTime(record.starttime)}
      {end ? ` – ${end}` : null}{' '}
      {end ? null : (
        <Tag color="success" fill="outline">
          {t('classRecord.inProgress')}
        </Tag>
      )}
    </>
  );
}

function OneRecord({ courseId, record, students }: { courseId: number; record: ClassRecord; students: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = `courseId=${courseId}&courseRole=1&classtimeid=${record.classtimeid}`;
  const most = Math.max(record.barrage, record.doubts, record.stars, record.races.length, 1);
  return (
    <div className="page-body star-body" data-testid="class-record-detail">
      <section className="star-card">
        <span className="star-total">
          <When record={record} />
        </span>
        <Bar
          label={t('classRecord.present')}
          value={record.present}
          of={students}
          tone="is-green"
          text={`${record.present}/${students}`}
        />
        {record.attendances === 0 ? <span className="muted small">{t('classRecord.noAttendance')}</span> : null}
        <div className="record-links">
          <Button size="small" onClick={() => navigate(`/analysis/classNotesDetails?${query}`)} data-testid="record-notes-link">
            {t('analysis.notes.entry')}
          </Button>
          <Button size="small" onClick={() => navigate(`/analysis/bulletChatDetail?${query}`)} data-testid="record-barrage-link">
            {t('analysis.barrage.entry')}
          </Button>
        </div>
      </section>
      <section className="star-card" data-testid="record-activity">
        <h2 className="record-title">{t('classRecord.activity')}</h2>
        <Bar label={t('classRecord.barrage')} value={record.barrage} of={most} />
        <Bar label={t('classRecord.races')} value={record.races.length} of={most} tone="is-orange" />
        <Bar label={t('classRecord.doubts')} value={record.doubts} of={most} tone="is-red" />
        <Bar label={t('classRecord.stars')} value={record.stars} of={most} tone="is-gold" />
        {record.races.map((r, i) => (
          <span key={r.raceid} className="muted small" data-testid="record-race">
            {t('classRecord.raceWinner', { n: i + 1, name: r.winner || t('classRecord.nobody') })}
          </span>
        ))}
      </section>
      <section className="star-card" data-testid="record-steps">
        <h2 className="record-title">{t('classRecord.steps')}</h2>
        {record.steps.length === 0 ? <span className="muted small">{t('classRecord.noSteps')}</span> : null}
        {record.steps.map((s, i) => (
          <div key={s.stepid} className="record-step" data-testid="record-step">
            <span className="record-step-stem">
              {i + 1}. {s.stem}
            </span>
            <Bar label={t('classRecord.answered')} value={s.answered} of={students} text={`${s.answered}/${students}`} />
            <Bar
              label={t('classRecord.correct')}
              value={s.correct}
              of={s.answered}
              tone="is-green"
              text={`${s.correct}/${s.answered}`}
            />
          </div>
        ))}
      </section>
    </div>
  );
}
