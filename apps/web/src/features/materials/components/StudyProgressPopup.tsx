import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, Popup, Skeleton } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { BodyTestId } from '../../../components/BodyTestId';
import { UserAvatar } from '../../../components/UserAvatar';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { QueryFailed } from '../../courses/components/CourseGate';
import { materialKeys, materialsApi } from '../api';
import { useLast } from '../hooks/useLast';
import type { ContentItem } from '../types';
import { formatTime, statsKind } from '../utils';

type Tab = 'completed' | 'unlearned';

/** Learning statistics of an item (getStudyProgress): which students have learned it and which not yet. */
export function StudyProgressPopup({
  courseId,
  item,
  onClose,
}: {
  courseId: number;
  item: ContentItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const shown = useLast(item);
  const [tab, setTab] = useState<Tab>('completed');
  useEffect(() => {
    if (item) setTab('completed');
  }, [item]);
  const progress = useQuery({
    queryKey: materialKeys.progress(courseId, shown?.id ?? 0),
    queryFn: () => materialsApi.progress(courseId, shown!.id),
    enabled: item !== null,
    retry: retryNetworkOnly,
  });
  const data = progress.data;
  const kind = statsKind(shown?.contenttype ?? 2) ?? 'learn';
  const rows = (data?.list ?? []).filter((r) => (tab === 'completed' ? Number(r.state) === 1 : Number(r.state) !== 1));

  const tabButton = (key: Tab, label: string, count: number | undefined) => (
    <button
      type="button"
      className={`filter-chip${tab === key ? ' is-active' : ''}`}
      aria-pressed={tab === key}
      onClick={() => setTab(key)}
      data-testid={`stats-tab-${key}`}
    >
      {label}
      <span className="filter-chip-count" data-testid={`stats-count-${key}`}>
        {count ?? '–'}
      </span>
    </button>
  );

  return (
    <Popup visible={item !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet-popup stats-popup">
      <BodyTestId id="stats-popup" />
      <div className="sheet-head">
        <span className="sheet-title">{t('materials.stats.title')}</span>
        <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')} data-testid="stats-close">
          <CloseOutline />
        </button>
      </div>
      <p className="sheet-tip material-sheet-item">{shown?.title}</p>
      <div className="stats-tabs">
        {tabButton('completed', t(`materials.stats.completed.${kind}`), data?.completed)}
        {tabButton('unlearned', t(`materials.stats.unlearned.${kind}`), data?.unlearned)}
      </div>
      {progress.isPending ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : progress.isError ? (
        <QueryFailed error={progress.error} onRetry={() => void progress.refetch()} />
      ) : rows.length === 0 ? (
        <ErrorBlock
          status="empty"
          className="stats-empty"
          title={
            <span data-testid="stats-empty">
              {data?.list.length === 0
                ? t('materials.stats.noStudents')
                : tab === 'completed'
                  ? t(`materials.stats.noneCompleted.${kind}`)
                  : t(`materials.stats.allCompleted.${kind}`)}
            </span>
          }
          description=""
        />
      ) : (
        <ul className="sheet-list">
          {rows.map((row) => (
            <li key={row.uid} className="sheet-row stats-row" data-testid="stats-row" data-uid={row.uid}>
              <UserAvatar name={row.username} src={row.avatar || undefined} size={32} testid="stats-avatar" />
              <span className="sheet-row-text">
                <span className="sheet-row-name" data-testid="stats-name">
                  {row.username}
                </span>
                {row.stno ? <span className="muted small">{t('materials.stats.stno', { stno: row.stno })}</span> : null}
              </span>
              {Number(row.state) === 1 && row.donetime ? (
                <span className="muted small">{t('materials.stats.doneAt', { time: formatTime(row.donetime) })}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Popup>
  );
}
