import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';

/** Placeholders while a list loads. */
export function ListLoading({ testid }: { testid: string }) {
  return (
    <div className="activity-loading" data-testid={testid} aria-busy="true">
      {[0, 1, 2].map((i) => (
        <div className="activity-row activity-row-skeleton" key={i}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={1} animated />
        </div>
      ))}
    </div>
  );
}

/** An empty list: what is missing and, for who may add, the way to add it. */
export function ListEmpty({
  title,
  text,
  action,
  onAction,
  testid,
}: {
  title: string;
  text: string;
  action?: string;
  onAction?: () => void;
  testid: string;
}) {
  return (
    <div className="page-center activity-empty" data-testid={testid}>
      <ErrorBlock status="empty" title={<span data-testid={`${testid}-title`}>{title}</span>} description={text} />
      {action && onAction ? (
        <Button color="primary" onClick={onAction} className="center-button" data-testid={`${testid}-action`}>
          {action}
        </Button>
      ) : null}
    </div>
  );
}

/** The bottom of a paged list: "load more" while there is more, then "no more". */
export function ListFooter({
  query,
  testid,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  testid: string;
}) {
  const { t } = useTranslation();
  if (!query.hasNextPage)
    return (
      <p className="muted small list-end" data-testid={`${testid}-end`}>
        {t('notices.listEnd')}
      </p>
    );
  return (
    <Button
      block
      fill="none"
      className="load-more"
      loading={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
      data-testid={`${testid}-more`}
    >
      {t('notices.loadMore')}
    </Button>
  );
}

/** A list's body by state: loading, failed (with retry), empty, or the rows. */
export function ListBody({
  query,
  empty,
  loadingTestid,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  empty: ReactNode | null;
  loadingTestid: string;
  children: ReactNode;
}) {
  if (query.isPending) return <ListLoading testid={loadingTestid} />;
  if (query.isError) return <QueryFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (empty) return <>{empty}</>;
  return <>{children}</>;
}
