import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Tag } from 'antd-mobile';
import { Link, useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { reviewPath } from '../../courseware/paths';
import { formatTime } from '../../materials/utils';
import { type ClassNote, starKeys, starsApi } from '../api';
import { ClassTimePage } from '../components/ClassTimePage';
import '../representation.css';

const clock = (seconds: number) => new Date(seconds * 1000).toTimeString().slice(0, 5);

/**
 * /analysis/classNotesDetails?courseId=&courseRole=1&classtimeid=: what happened in one class time in
 * time order (began, attendance and its result, questions with answered/right, races and winners, stars,
 * ended), the bullet-comment count, the courseware the screen showed (each opening its review of this
 * class, decision 025), and the "don't understand" marks per courseware page. The teacher and
 * assistants only (decision 023).
 */
export default function ClassNotesDetailsPage() {
  const { t } = useTranslation();
  return (
    <ClassTimePage title={t('analysis.notes.title')} testid="class-notes">
      {(courseId, classTimeId) => <Notes courseId={courseId} classTimeId={classTimeId} />}
    </ClassTimePage>
  );
}

function Notes({ courseId, classTimeId }: { courseId: number; classTimeId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notes = useQuery({
    queryKey: starKeys.notes(courseId, classTimeId),
    queryFn: () => starsApi.notes(courseId, classTimeId),
  });
  if (notes.isPending)
    return (
      <div className="page-body star-body">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (notes.isError)
    return (
      <div className="page-body star-body">
        <QueryFailed error={notes.error} onRetry={() => void notes.refetch()} />
      </div>
    );
  const d = notes.data;
  return (
    <div className="page-body star-body">
      <section className="star-card star-summary">
        <span className="star-total">
          {formatTime(d.starttime)}{' '}
          {d.endtime ? null : (
            <Tag color="success" fill="outline">
              {t('classRecord.inProgress')}
            </Tag>
          )}
        </span>
        <Button
          size="mini"
          fill="outline"
          onClick={() => navigate(`/analysis/bulletChatDetail?courseId=${courseId}&courseRole=1&classtimeid=${d.classtimeid}`)}
          data-testid="notes-barrage"
        >
          {t('classRecord.barrageCount', { count: d.barrage })}
        </Button>
      </section>
      <ol className="notes-timeline" data-testid="notes-timeline">
        {d.notes.map((n, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the notes are drawn once, in time order, never reordered
          <li key={`${n.kind}-${i}`} className={`note is-${n.kind}`} data-testid="note" data-kind={n.kind}>
            <span className="note-time">{clock(n.time)}</span>
            <span className="note-text">
              <NoteText note={n} />
            </span>
          </li>
        ))}
      </ol>
      {d.showing ? (
        <section className="star-card" data-testid="notes-showing">
          <span>{t('analysis.notes.showing', { title: d.showing.title, page: d.showing.page, total: d.showing.total })}</span>
        </section>
      ) : null}
      <section className="star-card" data-testid="notes-slides">
        <h2 className="record-title">{t('analysis.notes.slides')}</h2>
        {d.slides.length === 0 ? <span className="muted small">{t('analysis.notes.noSlides')}</span> : null}
        {d.slides.map((x) => (
          // the pages the screen showed, in order, with the marks and comments (decision 025)
          <Link
            key={x.contentid}
            to={reviewPath(courseId, 1, { id: x.contentid, classtimeid: d.classtimeid })}
            className="small"
            data-testid="notes-slide"
            data-id={x.contentid}
          >
            {t('analysis.notes.slide', { title: x.title, pages: x.pages, views: x.views })}
          </Link>
        ))}
      </section>
      <section className="star-card" data-testid="notes-doubts">
        <h2 className="record-title">{t('analysis.notes.doubts')}</h2>
        {d.doubts.length === 0 ? <span className="muted small">{t('analysis.notes.noDoubts')}</span> : null}
        {d.doubts.map((x) => (
          <span key={`${x.contentid}-${x.page}`} className="small" data-testid="notes-doubt">
            {t('analysis.notes.doubt', { title: x.title, page: x.page, count: x.count })}
          </span>
        ))}
      </section>
    </div>
  );
}

function NoteText({ note }: { note: ClassNote }) {
  const { t } = useTranslation();
  switch (note.kind) {
    case 'begin':
      return <>{t('analysis.notes.begin')}</>;
    case 'end':
      return <>{t('analysis.notes.end')}</>;
    case 'attendance':
      return (
        <>
          {t('analysis.notes.attendance', { title: note.title })}
          <span className="muted small note-sub">
            {t('analysis.notes.attendanceResult', {
              present: note.present,
              late: note.late,
              absent: Math.max(0, note.students - note.present - note.late),
            })}
          </span>
        </>
      );
    case 'step':
      return (
        <>
          {t('analysis.notes.step', { stem: note.stem })}
          <span className="muted small note-sub">
            {t('analysis.notes.stepResult', { answered: note.answered, correct: note.correct })}
          </span>
        </>
      );
    case 'race':
      return <>{t('analysis.notes.race', { name: note.winner || t('classRecord.nobody') })}</>;
    case 'star':
      return (
        <>
          {note.stars > 0
            ? t('analysis.notes.star', { name: note.username, count: note.stars })
            : t('analysis.notes.starBack', { name: note.username, count: -note.stars })}
          {note.reason ? <span className="muted small note-sub">{note.reason}</span> : null}
        </>
      );
  }
}
