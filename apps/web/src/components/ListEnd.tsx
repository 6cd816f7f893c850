import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from '../lib/translations';

interface ListEndProps {
  loadMore: () => Promise<void>;
  hasMore: boolean;
  /** test ids: `{prefix}-more-retry`, `{prefix}-more-loading`, `{prefix}-end` */
  prefix: string;
  failedText: string;
  endText: string;
  /** how far from the foot the next page is asked for (px; antd-mobile's own default otherwise) */
  threshold?: number;
}

/** The foot of an infinitely scrolling list: loading, "retry" after a failed page, or the end. */
export function ListEnd({ loadMore, hasMore, prefix, failedText, endText, threshold }: ListEndProps) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll loadMore={loadMore} hasMore={hasMore} threshold={threshold}>
      {(more, failed, retry) =>
        failed ? (
          <button type="button" className="nav-text-button" onClick={() => void retry()} data-testid={`${prefix}-more-retry`}>
            {failedText}
          </button>
        ) : more ? (
          <span data-testid={`${prefix}-more-loading`}>{t('common.loading')}</span>
        ) : (
          <span data-testid={`${prefix}-end`}>{endText}</span>
        )
      }
    </InfiniteScroll>
  );
}
