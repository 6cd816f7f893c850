import type { CoursewareReview, ReviewPage, ReviewStep } from '@paiclass/shared';
import { ErrorBlock, Skeleton, Tag } from 'antd-mobile';
import { useState } from 'react';
import { PageNavBar } from '../../../components/PageNavBar';
import { RichTextView } from '../../../components/RichTextView';
import { Link, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { parseCourseId } from '../../courses/utils';
import { answerText } from '../../interact/components/answerText';
import { formatDateTime } from '../../todos/utils';
import { useCoursewareReview } from '../api';
import { PageComments } from '../components/PageComments';
import { coursewarePath } from '../paths';
import '../courseware.css';
import '../review.css';

const clock = (seconds: number) => new Date(seconds * 1000).toTimeString().slice(0, 5);

/**
 * /reviewCourseWare?courseId=&courseRole=&id=|interactid=[&classtimeid=] (spec 2 §2 "Courseware review";
 * decision 025): a courseware as one class saw it on the classroom screen — the pages in the order
 * shown, with when; per page the student's own "don't understand" mark (the staff: how many marked
 * it), the page's comments (a box to add one) and the questions asked on it (a student's own answer,
 * the key once revealed; the staff: how many answered and were right). Other classes that showed it,
 * and the other courseware shown in the class, are a tap away.
 */
export default function ReviewCourseWarePage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const [params] = useSearchParams();
  const id = parseCourseId(params.get('id') ?? params.get('interactid')) ?? 0;
  const classTimeId = parseCourseId(params.get('classtimeid')) ?? 0;
  return (
    <div className="page cw-page" data-testid="cw-review-page">
      <PageNavBar title={t('cwReview.title')} />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          id || classTimeId ? (
            <Review courseId={course.id} id={id} classTimeId={classTimeId} staff={hasAbility(course, 'manageContent')} />
          ) : (
            <div className="page-body">
              <ErrorBlock status="empty" title={t('cwReview.noTarget')} description="" data-testid="cwr-empty" />
            </div>
          )
        }
      </CourseGate>
    </div>
  );
}

function Review({ courseId, id, classTimeId, staff }: { courseId: number; id: number; classTimeId: number; staff: boolean }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const review = useCoursewareReview(id, classTimeId, courseId);
  if (review.isPending)
    return (
      <div className="page-body" aria-busy="true" data-testid="cwr-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  if (review.isError)
    return (
      <div className="page-body">
        <QueryFailed error={review.error} onRetry={() => void review.refetch()} />
      </div>
    );
  const r = review.data;
  const role = staff ? 1 : 0;
  const go = (next: { id?: number; classtimeid?: number }) =>
    setParams(
      (p) => {
        p.delete('interactid');
        p.set('id', String(next.id ?? r.interactid));
        if (next.classtimeid) p.set('classtimeid', String(next.classtimeid));
        else p.delete('classtimeid');
        return p;
      },
      { replace: true },
    );
  if (!r.classtimeid)
    return (
      <div className="page-body cw-body">
        <h2 className="cw-title" data-testid="cwr-title">
          {r.title}
        </h2>
        <ErrorBlock
          status="empty"
          title={t('cwReview.notShown')}
          description={t('cwReview.notShownHint')}
          data-testid="cwr-empty"
        />
        <Link to={coursewarePath(courseId, role, r.interactid)} className="cwr-back-link" data-testid="cwr-open-courseware">
          {t('cwReview.openCourseware')}
        </Link>
      </div>
    );
  return (
    <div className="page-body cw-body" data-testid="cwr-body" data-interactid={r.interactid} data-classtimeid={r.classtimeid}>
      <Header r={r} onPick={go} />
      <Order r={r} />
      {r.pages.map((p) => (
        <PageCard key={p.pageindex} p={p} interactid={r.interactid} staff={r.manage === 1} onChanged={() => review.refetch()} />
      ))}
      <Link to={coursewarePath(courseId, role, r.interactid)} className="cwr-back-link" data-testid="cwr-open-courseware">
        {t('cwReview.openCourseware')}
      </Link>
    </div>
  );
}

/** The courseware, the class (its time; the other classes that showed it), the other courseware of the class. */
function Header({ r, onPick }: { r: CoursewareReview; onPick: (next: { id?: number; classtimeid?: number }) => void }) {
  const { t } = useTranslation();
  const now = Date.now() / 1000;
  const doubts = r.pages.reduce((n, p) => n + (r.manage ? p.doubts : p.doubted), 0);
  const inClass = r.pages.reduce((n, p) => n + p.classcomments, 0);
  return (
    <section className="cw-card cwr-head">
      <h2 className="cw-title" data-testid="cwr-title">
        {r.title}
      </h2>
      <p className="small muted" data-testid="cwr-class-time">
        {t('cwReview.classTime', {
          start: formatDateTime(r.starttime, now),
          end: r.endtime ? clock(r.endtime) : t('cwReview.inProgress'),
        })}
      </p>
      <p className="small" data-testid="cwr-summary">
        {t(r.manage ? 'cwReview.summaryStaff' : 'cwReview.summary', {
          pages: r.pages.length,
          views: r.views.length,
          doubts,
          comments: inClass,
        })}
      </p>
      {r.classes.length > 1 ? (
        <div className="cwr-choices" data-testid="cwr-classes">
          <span className="small muted">{t('cwReview.otherClasses')}</span>
          <div className="cwr-chips">
            {r.classes.map((k) => (
              <button
                type="button"
                key={k.classtimeid}
                className={`cwr-chip${k.classtimeid === r.classtimeid ? ' is-current' : ''}`}
                onClick={() => onPick({ classtimeid: k.classtimeid })}
                data-testid="cwr-class"
                data-classtimeid={k.classtimeid}
                aria-pressed={k.classtimeid === r.classtimeid}
              >
                {formatDateTime(k.starttime, now)}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      {r.coursewares.length > 1 ? (
        <div className="cwr-choices" data-testid="cwr-coursewares">
          <span className="small muted">{t('cwReview.otherCourseware')}</span>
          <div className="cwr-chips">
            {r.coursewares.map((w) => (
              <button
                type="button"
                key={w.interactid}
                className={`cwr-chip${w.interactid === r.interactid ? ' is-current' : ''}`}
                onClick={() => onPick({ id: w.interactid, classtimeid: r.classtimeid })}
                data-testid="cwr-courseware"
                data-id={w.interactid}
                aria-pressed={w.interactid === r.interactid}
              >
                {w.title}
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** Every page the screen reached, in order, with the time: a tap scrolls to the page. */
function Order({ r }: { r: CoursewareReview }) {
  const { t } = useTranslation();
  return (
    <section className="cw-card">
      <h3 className="cw-card-title">{t('cwReview.order')}</h3>
      <ol className="cwr-order" data-testid="cwr-order">
        {r.views.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the order is drawn once as the class saw it; a page may appear twice
          <li key={`${v.pageindex}-${i}`}>
            <a href={`#cwr-page-${v.pageindex}`} className="cwr-order-item" data-testid="cwr-order-item" data-page={v.pageindex}>
              <strong>{t('cwReview.pageShort', { page: v.pageindex })}</strong>
              <span className="muted">{clock(v.showntime)}</span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}

function PageCard({
  p,
  interactid,
  staff,
  onChanged,
}: {
  p: ReviewPage;
  interactid: number;
  staff: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section className="cw-card cwr-page" id={`cwr-page-${p.pageindex}`} data-testid="cwr-page" data-page={p.pageindex}>
      <div className="cwr-page-head">
        <h3 className="cw-card-title">{t('cwReview.page', { page: p.pageindex })}</h3>
        <span className="small muted" data-testid="cwr-shown">
          {t('cwReview.shownAt', { times: p.shown.map(clock).join('、') })}
        </span>
      </div>
      {p.url ? (
        <img className="cwr-slide" src={p.url} alt={t('presenting.slideAlt', { page: p.pageindex })} loading="lazy" />
      ) : (
        <p className="muted small">{t('cwReview.pageGone')}</p>
      )}
      {(staff ? p.doubts : p.doubted) || p.commentcount ? (
        <div className="cwr-tags">
          {staff && p.doubts ? (
            <Tag color="warning" fill="outline" data-testid="cwr-doubts" data-count={p.doubts}>
              {t('cwReview.doubts', { count: p.doubts })}
            </Tag>
          ) : null}
          {!staff && p.doubted ? (
            <Tag color="warning" data-testid="cwr-doubted">
              {t('cwReview.doubted')}
            </Tag>
          ) : null}
          {p.commentcount ? (
            <Tag color="primary" fill="outline" data-testid="cwr-comment-count" data-count={p.commentcount}>
              {p.classcomments
                ? t('cwReview.commentsInClass', { count: p.commentcount, inClass: p.classcomments })
                : t('cwReview.comments', { count: p.commentcount })}
            </Tag>
          ) : null}
        </div>
      ) : null}
      {p.steps.map((s) => (
        <StepOutcome key={s.stepid} s={s} staff={staff} />
      ))}
      <button
        type="button"
        className="cw-link cwr-toggle"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        data-testid="cwr-comments-toggle"
      >
        {open
          ? t('cwReview.hideComments')
          : p.commentcount
            ? t('cwReview.showComments', { count: p.commentcount })
            : t('cwReview.writeComment')}
      </button>
      {open ? <PageComments interactid={interactid} page={p.pageindex} comments={p.comments} onChanged={onChanged} /> : null}
    </section>
  );
}

/** A question asked on the page: a student's own answer, the key once revealed; the staff the counts and the key. */
function StepOutcome({ s, staff }: { s: ReviewStep; staff: boolean }) {
  const { t } = useTranslation();
  const mine = answerText(t, s.type, s.mine);
  return (
    <div className="cwr-step" data-testid="cwr-step" data-stepid={s.stepid}>
      <span className="cwr-step-label small muted">{t('cwReview.question', { time: clock(s.askedtime) })}</span>
      <RichTextView html={s.stem} testid="cwr-step-stem" />
      {s.options.length ? (
        <ol className="cwr-options small" type="A">
          {s.options.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed once asked
            <li key={i}>{o}</li>
          ))}
        </ol>
      ) : null}
      {staff ? (
        <p className="small" data-testid="cwr-step-counts">
          {t('cwReview.answered', { answered: s.answered, correct: s.correct })}
        </p>
      ) : (
        <p className="small" data-testid="cwr-step-mine">
          {mine ? t('cwReview.mine', { answer: mine }) : <span className="muted">{t('cwReview.noAnswer')}</span>}
          {s.mycorrect >= 0 ? (
            <Tag className="cwr-result" color={s.mycorrect === 1 ? 'success' : 'danger'} fill="outline">
              {t(
                s.mycorrect === 1
                  ? 'cwReview.right'
                  : s.mycorrect === 2
                    ? 'cwReview.partly'
                    : s.mycorrect === 3
                      ? 'cwReview.waiting'
                      : 'cwReview.wrong',
              )}
            </Tag>
          ) : null}
        </p>
      )}
      <p className="small" data-testid="cwr-step-key">
        {s.key ? (
          t('cwReview.key', { key: answerText(t, s.type, s.key) })
        ) : (
          <span className="muted">{t('cwReview.keyHidden')}</span>
        )}
      </p>
    </div>
  );
}
