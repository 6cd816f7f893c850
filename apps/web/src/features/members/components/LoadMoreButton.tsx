import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/translations';

/** "Load more" under a paged student list. */
export function LoadMoreButton({
  query,
  testid,
}: {
  query: { isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  testid: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      block
      fill="none"
      className="load-more"
      loading={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
      data-testid={testid}
    >
      {t('members.students.more')}
    </Button>
  );
}
