import { Button, ErrorBlock, Tag } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useNavigate } from '../../../../lib/router';
import { useTranslation } from '../../../../lib/translations';
import { repeatPath } from '../paths';
import type { DupPerson, DupReport, DupRow } from '../types';
import { SimilarityBar } from './SimilarityBar';

/** A name, marked when it is a submission of an earlier homework of the course. */
function Who({ person, testid }: { person: DupPerson; testid?: string }) {
  const { t } = useTranslation();
  return (
    <span className="dup-who" data-testid={testid} data-sid={person.sid}>
      {person.username}
      {person.earlier ? (
        <span className="dup-earlier" data-testid="dup-earlier">
          {t('recheck.earlier')}
        </span>
      ) : null}
    </span>
  );
}

/** "views left: 9 of 10", or unlimited for VIP members (spec 2 §6). */
export function ViewsLeft({ left, total }: { left: number; total?: number }) {
  const { t } = useTranslation();
  return (
    <span data-testid="recheck-views-left" data-left={left}>
      {left < 0 ? t('recheck.unlimited') : total ? t('recheck.leftOf', { left, total }) : t('recheck.left', { left })}
    </span>
  );
}

/**
 * The report of a homework: the summary (ceiling, flagged pairs, views left), a "checking…" notice
 * with a refresh while the background check runs, the pairs over the ceiling, then every submission
 * with its highest similarity and with whom.
 */
export function ReportView({
  courseId,
  id,
  report,
  homeworkViews,
  refreshing,
  fetchedAt,
  onRefresh,
}: {
  courseId: number;
  id: number;
  report: DupReport;
  homeworkViews?: number;
  refreshing: boolean;
  fetchedAt: number;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ceiling = report.ceiling ?? 0;
  const open = (sid: number, other: number) => navigate(repeatPath(courseId, id, sid, other));
  const time = new Date(fetchedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

  return (
    <>
      <section className="dup-summary" data-testid="recheck-summary">
        <div className="dup-summary-cell">
          <strong className={report.pairs.length ? 'danger-text' : ''} data-testid="recheck-flagged-count">
            {report.pairs.length}
          </strong>
          <span className="muted small">{t('recheck.flaggedPairs')}</span>
        </div>
        <div className="dup-summary-cell">
          <strong data-testid="recheck-ceiling">{ceiling}%</strong>
          <span className="muted small">{t('recheck.ceiling')}</span>
        </div>
        <div className="dup-summary-cell">
          <strong>
            <ViewsLeft left={report.left ?? 0} total={homeworkViews} />
          </strong>
          <span className="muted small">{t('recheck.reportViews')}</span>
        </div>
      </section>

      {report.done ? (
        <p className="muted small dup-fetched" data-testid="recheck-done">
          {t('recheck.doneAt', { time })}
        </p>
      ) : (
        <section className="dup-checking" data-testid="recheck-checking" role="status">
          <span className="dup-spinner" aria-hidden="true" />
          <span className="dup-checking-text">
            <strong>{t('recheck.checking')}</strong>
            <span className="small">{t('recheck.checkingText')}</span>
          </span>
          <Button
            size="small"
            color="primary"
            shape="rounded"
            loading={refreshing}
            onClick={onRefresh}
            data-testid="recheck-refresh"
          >
            {t('recheck.refresh')}
          </Button>
        </section>
      )}

      <section className="dup-section" data-testid="recheck-pairs">
        <h3 className="dup-section-title">{t('recheck.pairsTitle', { ceiling })}</h3>
        {report.pairs.length === 0 ? (
          <p className="dup-note" data-testid="recheck-pairs-empty">
            {report.done ? t('recheck.noPairs') : t('recheck.noPairsYet')}
          </p>
        ) : (
          <ul className="dup-list">
            {report.pairs.map((p) => (
              <li key={`${p.a.sid}-${p.b.sid}`}>
                <button
                  type="button"
                  className="dup-pair"
                  onClick={() => open(p.a.earlier ? p.b.sid : p.a.sid, p.a.earlier ? p.a.sid : p.b.sid)}
                  data-testid="recheck-pair"
                  data-a={p.a.sid}
                  data-b={p.b.sid}
                >
                  <span className="dup-pair-names">
                    <Who person={p.a} testid="recheck-pair-a" />
                    <span className="dup-pair-sep">↔</span>
                    <Who person={p.b} testid="recheck-pair-b" />
                  </span>
                  <Tag color="danger" fill="solid" data-testid="recheck-pair-similarity">
                    {p.similarity}%
                  </Tag>
                  <RightOutline className="dup-arrow" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="dup-section" data-testid="recheck-list">
        <h3 className="dup-section-title">
          {t('recheck.listTitle')}
          <span className="dup-section-count">{t('recheck.listCount', { count: report.list.length })}</span>
        </h3>
        {report.list.length === 0 ? (
          <ErrorBlock
            status="empty"
            className="dup-empty"
            title={<span data-testid="recheck-list-empty">{t('recheck.noSubmissions')}</span>}
            description=""
          />
        ) : (
          <ul className="dup-list">
            {report.list.map((row) => (
              <SubmissionRow key={row.sid} row={row} ceiling={ceiling} onOpen={open} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function SubmissionRow({ row, ceiling, onOpen }: { row: DupRow; ceiling: number; onOpen: (sid: number, other: number) => void }) {
  const { t } = useTranslation();
  const partner = row.format === 'ok' ? row.highestwith : null;
  const body = (
    <>
      <span className="dup-row-head">
        <span className="dup-row-name" data-testid="recheck-row-name">
          {row.username}
        </span>
        {row.flagged ? (
          <Tag color="danger" fill="outline" data-testid="recheck-row-flagged">
            {t('recheck.flagged')}
          </Tag>
        ) : null}
      </span>
      {row.format === 'ok' ? (
        <>
          <SimilarityBar percent={row.highest} ceiling={ceiling} testid="recheck-row-bar" />
          <span className="muted small dup-row-with" data-testid="recheck-row-with">
            {partner ? (
              <>
                {t('recheck.mostLike')} <Who person={partner} />
              </>
            ) : (
              t('recheck.noMatch')
            )}
          </span>
        </>
      ) : (
        <span className={`dup-format is-${row.format}`} data-testid="recheck-row-format">
          {t(`recheck.format.${row.format}`)}
        </span>
      )}
    </>
  );
  return (
    <li className="dup-row" data-testid="recheck-row" data-sid={row.sid} data-format={row.format} data-highest={row.highest}>
      {partner ? (
        <button
          type="button"
          className="dup-row-button"
          onClick={() => onOpen(row.sid, partner.sid)}
          data-testid="recheck-row-open"
        >
          <span className="dup-row-main">{body}</span>
          <RightOutline className="dup-arrow" />
        </button>
      ) : (
        <div className="dup-row-button is-static">
          <span className="dup-row-main">{body}</span>
          {/* the room of the arrow, so every bar is as long */}
          <span className="dup-arrow-space" aria-hidden="true" />
        </div>
      )}
    </li>
  );
}
