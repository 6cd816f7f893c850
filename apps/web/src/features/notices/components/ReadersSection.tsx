import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock, Skeleton, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { formatTime } from '../../courses/pages/EnrollReviewPage';
import { PersonRow } from '../../members/components/PersonRow';
import { activityApi } from '../api';

/**
 * Teachers: which students have read a notice (or taken part in a topic) and which have not
 * (`getStudyProgress`), in two tabs.
 */
export function ReadersSection({
  courseId,
  id,
  queryKey,
  labels,
}: {
  courseId: number;
  id: number;
  queryKey: readonly unknown[];
  labels: {
    done: (count: number) => string;
    notDone: (count: number) => string;
    doneAt: (time: string) => string;
    /** the done tab with nobody in it, the other tab with nobody in it */
    noneDone: string;
    noneTodo: string;
  };
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'done' | 'todo'>('done');
  const progress = useQuery({ queryKey, queryFn: () => activityApi.progress(courseId, id), retry: retryNetworkOnly });

  if (progress.isPending)
    return (
      <section className="activity-card" data-testid="readers-loading">
        <Skeleton.Paragraph lineCount={3} animated />
      </section>
    );
  if (progress.isError)
    return (
      <section className="activity-card center-text" data-testid="readers-failed">
        <ErrorBlock status="default" title={t('notices.readersFailed')} description={errorMessage(progress.error)} />
        <Button size="small" color="primary" fill="outline" onClick={() => void progress.refetch()}>
          {t('common.retry')}
        </Button>
      </section>
    );

  const data = progress.data;
  const rows = data.list.filter((r) => (tab === 'done' ? Number(r.state) === 1 : Number(r.state) !== 1));
  return (
    <section className="activity-card readers" data-testid="readers">
      <Tabs activeKey={tab} onChange={(key) => setTab(key as 'done' | 'todo')} className="readers-tabs">
        <Tabs.Tab key="done" title={<span data-testid="readers-tab-done">{labels.done(Number(data.completed))}</span>} />
        <Tabs.Tab key="todo" title={<span data-testid="readers-tab-todo">{labels.notDone(Number(data.unlearned))}</span>} />
      </Tabs>
      {rows.length === 0 ? (
        <p className="muted small center-text readers-none" data-testid="readers-none">
          {data.list.length === 0 ? t('notices.readersNone') : tab === 'done' ? labels.noneDone : labels.noneTodo}
        </p>
      ) : (
        <ul className="person-list readers-list">
          {rows.map((r) => (
            <PersonRow
              key={r.uid}
              uid={r.uid}
              name={r.username}
              avatar={r.avatar}
              testid="reader-row"
              sub={
                Number(r.state) === 1 && Number(r.donetime) > 0
                  ? labels.doneAt(formatTime(Number(r.donetime)))
                  : r.stno
                    ? t('notices.stno', { stno: r.stno })
                    : undefined
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}
