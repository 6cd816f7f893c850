import { Button } from 'antd-mobile';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/translations';
import type { RepeatResult } from '../types';
import { passageLength, passageSnippet, type Segment, segments } from '../utils';

/** Two columns side by side from this width; stacked (one under the other) below it. */
const WIDE = '(min-width: 900px)';

function useWide() {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const update = () => setWide(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return wide;
}

type Side = 'a' | 'b';

/** One side's text with its passages in <mark>; tapping a mark goes to the same passage on the other side. */
function TextColumn({
  side,
  name,
  parts,
  active,
  onMark,
  columnRef,
}: {
  side: Side;
  name: string;
  parts: Segment[];
  active: number;
  onMark: (side: Side, passage: number) => void;
  columnRef: (el: HTMLDivElement | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <article className="repeat-column" data-testid={`repeat-column-${side}`}>
      <header className="repeat-column-head">
        <span className={`repeat-side-badge is-${side}`}>{side === 'a' ? 'A' : 'B'}</span>
        <span className="repeat-column-name" data-testid={`repeat-name-${side}`}>
          {name}
        </span>
      </header>
      <div className="repeat-text" ref={columnRef} data-testid={`repeat-text-${side}`}>
        {parts.map((p) =>
          p.covering.length ? (
            <mark
              key={p.start}
              className={p.covering.includes(active) ? 'is-active' : undefined}
              data-passages={p.covering.join(' ')}
              data-starts={p.starts.join(' ')}
              id={p.starts.length ? `repeat-${side}-${p.starts[0]}` : undefined}
            >
              {/* a link to the same passage in the other text: inline, so the marked text flows as text */}
              <a
                className="repeat-mark"
                href={`#repeat-${side === 'a' ? 'b' : 'a'}-${p.covering[0]}`}
                onClick={(e) => {
                  e.preventDefault();
                  onMark(side, p.covering[0]!);
                }}
                title={t('recheck.repeat.markHint')}
              >
                {p.text}
              </a>
            </mark>
          ) : (
            <span key={p.start}>{p.text}</span>
          ),
        )}
      </div>
    </article>
  );
}

/**
 * Two submissions' texts, stacked on a phone and in two columns on a wide screen, with the matching
 * passages marked in both, a list of the passages and previous/next to jump between them.
 */
export function SideBySide({ result }: { result: RepeatResult }) {
  const { t } = useTranslation();
  const wide = useWide();
  const [active, setActive] = useState(-1);
  const columns = useRef<Record<Side, HTMLDivElement | null>>({ a: null, b: null });
  const partsA = useMemo(() => segments(result.a.text, result.passages, 'a'), [result]);
  const partsB = useMemo(() => segments(result.b.text, result.passages, 'b'), [result]);
  const count = result.passages.length;

  /** Brings a passage into view: in both columns when they stand side by side, else on one side. */
  const reveal = (index: number, side: Side) => {
    const find = (s: Side) => columns.current[s]?.querySelector<HTMLElement>(`mark[data-starts~="${index}"]`) ?? null;
    if (wide) {
      for (const s of ['a', 'b'] as const) {
        const column = columns.current[s];
        const mark = find(s);
        if (column && mark) column.scrollTo({ top: Math.max(0, mark.offsetTop - column.clientHeight / 3), behavior: 'smooth' });
      }
      columns.current.a?.closest('.repeat-columns')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    } else {
      find(side)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }
  };

  const go = (index: number, side: Side = 'a') => {
    if (count === 0) return;
    const next = ((index % count) + count) % count;
    setActive(next);
    reveal(next, side);
  };

  return (
    <>
      <section className="repeat-nav" data-testid="repeat-nav">
        <span className="repeat-nav-text" data-testid="repeat-position">
          {count === 0
            ? t('recheck.repeat.noPassages')
            : active < 0
              ? t('recheck.repeat.passages', { count })
              : t('recheck.repeat.position', { n: active + 1, count })}
        </span>
        <Button size="small" shape="rounded" disabled={count === 0} onClick={() => go(active - 1)} data-testid="repeat-prev">
          <UpOutline /> {t('recheck.repeat.prev')}
        </Button>
        <Button
          size="small"
          shape="rounded"
          color="primary"
          disabled={count === 0}
          onClick={() => go(active + 1)}
          data-testid="repeat-next"
        >
          <DownOutline /> {t('recheck.repeat.next')}
        </Button>
      </section>

      {count > 0 ? (
        <details className="repeat-passages" open={wide || count <= 5} data-testid="repeat-passages">
          <summary>{t('recheck.repeat.listTitle', { count })}</summary>
          <ol className="repeat-passage-list">
            {result.passages.map((p, i) => (
              <li key={`${p.a[0]}-${p.b[0]}`}>
                <button
                  type="button"
                  className={`repeat-passage${i === active ? ' is-active' : ''}`}
                  onClick={() => go(i)}
                  data-testid="repeat-passage"
                  data-index={i}
                >
                  <span className="repeat-passage-n">{i + 1}</span>
                  <span className="repeat-passage-text">{passageSnippet(result.a.text, p.a)}</span>
                  <span className="muted small">{t('recheck.repeat.chars', { count: passageLength(p.a) })}</span>
                </button>
              </li>
            ))}
          </ol>
        </details>
      ) : null}

      <div className={`repeat-columns${wide ? ' is-wide' : ''}`}>
        <TextColumn
          side="a"
          name={result.a.username}
          parts={partsA}
          active={active}
          onMark={(_, i) => go(i, 'b')}
          columnRef={(el) => {
            columns.current.a = el;
          }}
        />
        <TextColumn
          side="b"
          name={result.b.username}
          parts={partsB}
          active={active}
          onMark={(_, i) => go(i, 'a')}
          columnRef={(el) => {
            columns.current.b = el;
          }}
        />
      </div>
    </>
  );
}
