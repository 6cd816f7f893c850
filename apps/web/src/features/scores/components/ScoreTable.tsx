import { useTranslation } from '../../../lib/translations';
import type { ScoreBook, ScoreColumn } from '../types';
import { formatScore, isOwnColumn, weightShare, weightSum } from '../utils';

/**
 * Students × columns with weighted totals. The table scrolls sideways on a phone while the name
 * column stays put; a row opens that student's detail. For teachers (`onColumn`, `onCell`), the
 * heading of one of their own columns opens its menu and its cells open the score entry.
 */
export function ScoreTable({
  book,
  onOpen,
  onColumn,
  onCell,
}: {
  book: ScoreBook;
  onOpen: (uid: number) => void;
  onColumn?: (column: ScoreColumn) => void;
  onCell?: (column: ScoreColumn, uid: number) => void;
}) {
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
            {book.columns.map((c) => {
              const own = isOwnColumn(c);
              const body = (
                <>
                  {c.kind !== 'homework' ? (
                    <span className={`score-kind kind-${c.kind}`} data-testid="score-column-kind">
                      {t(`scores.kind.${c.kind}`)}
                    </span>
                  ) : null}
                  <span className="score-col-title">{c.title}</span>
                  <span className="score-col-meta" data-testid="score-column-weight">
                    {t('scores.columnMeta', { full: c.fullscore, weight: c.weight, share: weightShare(c.weight, sum) })}
                  </span>
                </>
              );
              return (
                <th key={c.key} scope="col" data-testid="score-column" data-key={c.key} data-id={c.id}>
                  {own && onColumn ? (
                    <button
                      type="button"
                      className="score-col-button"
                      onClick={() => onColumn(c)}
                      data-testid="score-column-menu"
                    >
                      {body}
                    </button>
                  ) : (
                    body
                  )}
                </th>
              );
            })}
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
                const score = r.scores[c.key] ?? null;
                const editable = onCell && isOwnColumn(c);
                return (
                  <td
                    key={c.key}
                    className={`${score === null ? 'is-empty' : ''}${editable ? ' is-editable' : ''}`}
                    data-testid="score-cell"
                    data-key={c.key}
                    data-id={c.id}
                  >
                    {editable ? (
                      <button
                        type="button"
                        className="score-cell-button"
                        onClick={() => onCell(c, r.uid)}
                        aria-label={t('scores.typing.scoreOf', { name: r.username, column: c.title })}
                      >
                        {formatScore(score)}
                      </button>
                    ) : (
                      formatScore(score)
                    )}
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
