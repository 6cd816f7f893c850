import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, Selector, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { parseCourseId } from '../../courses/utils';
import { formatTime } from '../../materials/utils';
import { type StudyAnalysis, type StudyLine, type StudyStudent, starKeys, starsApi } from '../api';
import { Bar } from '../components/RecordBar';
import '../representation.css';

type SortKey = 'attendance' | 'right' | 'stars';
const SORTS: Record<SortKey, (s: StudyStudent) => number> = {
  attendance: (s) => s.attendrate,
  right: (s) => s.rightrate,
  stars: (s) => s.stars,
};

/**
 * /analysis/studyAnalysis?courseId=&courseRole=1[&uid=]: every student's study over the course's class
 * times as CSS bars (attendance rate, right rate, stars), sortable; with `&uid=` one student's numbers
 * and their line per class time. The teacher and assistants only (decision 023).
 */
export default function StudyAnalysisPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const [params] = useSearchParams();
  const uid = parseCourseId(params.get('uid')) ?? 0;
  const info = useCourseInfo(courseId);
  const goBack = useGoBack(courseId ? `/analysis/detail?courseId=${courseId}&courseRole=1` : undefined);
  return (
    <div className="page star-page" data-testid="study-analysis">
      <PageNavBar title={uid ? t('analysis.study.student') : t('analysis.study.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="teachClass">
        {(course) => <Study courseId={course.id} uid={uid} />}
      </CourseGate>
    </div>
  );
}

function Study({ courseId, uid }: { courseId: number; uid: number }) {
  const { t } = useTranslation();
  const study = useQuery({ queryKey: starKeys.study(courseId, uid), queryFn: () => starsApi.study(courseId, uid) });
  if (study.isPending)
    return (
      <div className="page-body star-body">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (study.isError)
    return (
      <div className="page-body star-body">
        <QueryFailed error={study.error} onRetry={() => void study.refetch()} />
      </div>
    );
  const data = study.data;
  if (data.classes === 0)
    return (
      <div className="page-body star-body">
        <ErrorBlock status="empty" title={t('analysis.noClass')} description="" data-testid="study-empty" />
      </div>
    );
  if (uid) return <OneStudent data={data} uid={uid} />;
  return <Students courseId={courseId} data={data} />;
}

function Students({ courseId, data }: { courseId: number; data: StudyAnalysis }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sort, setSort] = useState<SortKey>('attendance');
  const most = Math.max(1, ...data.list.map((s) => s.stars));
  const by = SORTS[sort];
  const list = [...data.list].sort((a, b) => by(b) - by(a) || a.username.localeCompare(b.username) || a.uid - b.uid);
  return (
    <div className="page-body star-body">
      <section className="star-card" data-testid="study-summary">
        <span className="star-total">
          {t('analysis.study.summary', { classes: data.classes, attendances: data.attendances, steps: data.steps })}
        </span>
        <Selector
          columns={3}
          value={[sort]}
          onChange={(v) => v[0] && setSort(v[0])}
          options={(['attendance', 'right', 'stars'] as const).map((k) => ({ value: k, label: t(`analysis.study.sort.${k}`) }))}
          data-testid="study-sort"
        />
      </section>
      {list.length === 0 ? (
        <ErrorBlock status="empty" title={t('representation.noStudents')} description="" data-testid="study-no-students" />
      ) : (
        <ul className="star-students" data-testid="study-students">
          {list.map((s) => (
            <li key={s.uid}>
              <button
                type="button"
                className="star-student study-row"
                onClick={() => navigate(`/analysis/studyAnalysis?courseId=${courseId}&courseRole=1&uid=${s.uid}`)}
                data-testid="study-student"
                data-uid={s.uid}
              >
                <span className="star-student-name">{s.username}</span>
                <Bar
                  label={t('analysis.study.attendrate')}
                  value={s.attendrate}
                  of={100}
                  tone="is-green"
                  text={`${s.attendrate}% (${s.present}/${data.attendances})`}
                />
                <Bar
                  label={t('analysis.study.rightrate')}
                  value={s.rightrate}
                  of={100}
                  text={`${s.rightrate}% (${s.correct}/${s.answered})`}
                />
                <Bar label={t('classRecord.stars')} value={s.stars} of={most} tone="is-gold" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function OneStudent({ data, uid }: { data: StudyAnalysis; uid: number }) {
  const { t } = useTranslation();
  const s = data.list.find((x) => x.uid === uid);
  if (!s) return null;
  const numbers: [string, string][] = [
    [t('analysis.study.attendrate'), `${s.attendrate}% (${s.present}/${data.attendances})`],
    [t('analysis.study.answered'), `${s.answered}/${data.steps}`],
    [t('analysis.study.rightrate'), `${s.rightrate}%`],
    [t('classRecord.barrage'), String(s.barrage)],
    [t('classRecord.stars'), String(s.stars)],
    [
      t('analysis.study.courseware'),
      t('analysis.study.coursewareValue', { items: s.coursewares, pages: s.pages, finished: s.finished }),
    ],
    [t('analysis.study.tests'), s.tests ? t('analysis.study.testsValue', { count: s.tests, avg: s.testavg }) : '0'],
  ];
  return (
    <div className="page-body star-body" data-testid="study-one">
      <section className="star-card">
        <span className="star-total" data-testid="study-one-name">
          {s.username}
          {s.stno ? <span className="muted small"> {s.stno}</span> : null}
        </span>
        <dl className="study-numbers">
          {numbers.map(([k, v]) => (
            <div key={k}>
              <dt className="muted small">{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="star-card" data-testid="study-lines">
        <h2 className="record-title">{t('analysis.study.perClass')}</h2>
        <ul className="study-lines">
          {(data.lines ?? []).map((l) => (
            <Line key={l.classtimeid} line={l} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function Line({ line }: { line: StudyLine }) {
  const { t } = useTranslation();
  const attended = line.attendances === 0 ? 'none' : line.present > 0 ? 'yes' : 'no';
  return (
    <li className="study-line" data-testid="study-line" data-attended={attended}>
      <span className="study-line-when">{formatTime(line.starttime)}</span>
      <span className={`study-chip is-${attended}`}>{t(`analysis.study.attended.${attended}`)}</span>
      <span className="muted small">
        {t('analysis.study.lineAnswers', { answered: line.answered, steps: line.steps, correct: line.correct })} ·{' '}
        {t('classRecord.barrageCount', { count: line.barrage })} · {t('classRecord.starCount', { count: line.stars })}
      </span>
    </li>
  );
}
