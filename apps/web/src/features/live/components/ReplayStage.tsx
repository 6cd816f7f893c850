import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { BarrageLayer } from '../../barrage/components/BarrageLayer';
import { retryNetworkOnly } from '../../courses/api';
import { liveApi, liveKeys, type ReplayComment } from '../api';
import { HlsPlayer } from './HlsPlayer';
import { dueComments } from './replayTimeline';

/**
 * A live's recording (type 21, decision 036) with hls.js, and its bullet comments flying at the moments
 * they were sent: each comment whose time the picture passes flies once; seeking back lets them fly again
 * (`dueComments`).
 * `comments` given (the share page has none) skips reading them.
 */
export function ReplayStage({
  src,
  courseId,
  id,
  onPlaying,
  withComments = true,
}: {
  src: string;
  courseId: number;
  id: number;
  onPlaying?: () => void;
  withComments?: boolean;
}) {
  const comments = useQuery({
    queryKey: liveKeys.replayBarrage(courseId, id),
    queryFn: () => liveApi.replayBarrage(courseId, id),
    retry: retryNetworkOnly,
    enabled: withComments,
  });
  const [feed, setFeed] = useState<ReplayComment[]>([]);
  const last = useRef(-1);
  const list = comments.data?.list;
  const onTime = useCallback(
    (now: number, seeked: boolean) => {
      const before = last.current;
      last.current = now;
      if (!list?.length) return;
      const due = dueComments(list, before, now, seeked);
      if (due.length) setFeed(due);
    },
    [list],
  );
  return (
    <>
      <HlsPlayer src={src} live={false} onPlaying={onPlaying} onTime={onTime} />
      {withComments ? <BarrageLayer courseId={courseId} lanes={4} feed={feed} socket={false} /> : null}
      <span hidden data-testid="live-replay-comments" data-n={list?.length ?? 0} />
    </>
  );
}
