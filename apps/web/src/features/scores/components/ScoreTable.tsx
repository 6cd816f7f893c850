import { useTranslation } from 'react-i18next';
import type { ScoreBook } from '../types';
import { formatScore, weightShare, weightSum } from '../utils';

/**
 * Students × scored items with weighted totals. The table scrolls sideways on a phone while the
 * name column stays put; a row opens that student's detail.
 */
export function ScoreTable({ book, onOpen }: { book: ScoreBook; onOpen: (uid: number) => void }) {
  const { t } = useTranslation();
  const sum = weightSum(book.columns);
  return (
    <div className="score-table-wrap" data-testid="score-table-wrap">
      <table className="score-table" data-testid="score-table">
        <thead>
          <tr>
            <th scope="col" className="score-sticky">
              {t('scores.student')}
            </th>
            {book.columns.map((c) => (
              <th key={c.id} scope="col" data-testid="score-column" data-id={c.id}>
                <span className="score-col-title">{c.title}</span>
                <span className="score-col-meta" data-testid="score-column-weight">
                  {t('scores.columnMeta', { full: c.fullscore, share: weightShare(c.weight, sum) })}
                </span>
              </th>
            ))}
            <th scope="col" className="score-total-col">
              {t('scores.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {book.rows.map((r) => (
            <tr key={r.uid} data-testid="score-row" data-uid={r.uid}>
              <th scope="row" className="score-sticky">
                <button type="button" className="score-name" onClick={() => onOpen(r.uid)} data-testid="score-row-name">
                  <span className="score-name-text">{r.username}</span>
                  <span className="score-name-stno">{r.stno}</span>
                </button>
              </th>
              {book.columns.map((c) => {
                const score = r.scores[c.id] ?? null;
                return (
                  <td key={c.id} className={score === null ? 'is-empty' : undefined} data-testid="score-cell" data-id={c.id}>
                    {formatScore(score)}
                  </td>
                );
              })}
              <td className="score-total-col" data-testid="score-total">
                {formatScore(r.total)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
