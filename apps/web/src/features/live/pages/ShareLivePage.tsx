import { LIVE_STATES } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, Tag } from 'antd-mobile';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { ApiError, NETWORK_ERROR } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { QueryFailed } from '../../courses/components/CourseGate';
import { liveApi, liveKeys } from '../api';
import { HlsPlayer } from '../components/HlsPlayer';
import { ReplayStage } from '../components/ReplayStage';
import '../live.css';

/**
 * /ShareLive?token= (spec 1 §2, spec 2 §2; issue 26): a live shared by its link, watched without login,
 * read-only: the stream while on the air, the recording once ended, nothing to send and nothing of the
 * course's people. A link the teacher switched off says so.
 */
export default function ShareLivePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const valid = /^[A-Za-z0-9_-]{16,64}$/.test(token);
  const shared = useQuery({
    queryKey: liveKeys.shared(token),
    queryFn: () => liveApi.shared(token),
    enabled: valid,
    retry: retryNetworkOnly,
    refetchInterval: (q) => (q.state.status === 'error' ? false : 5000),
  });
  // refused (switched off, or a link cut short): said plainly; a network failure offers a retry
  const off = !valid || (shared.error instanceof ApiError && shared.error.code !== NETWORK_ERROR);
  return (
    <div className="page live-page share-live-page" data-testid="share-live-page">
      <PageNavBar title={t('live.shareTitle')} onBack={() => navigate('/', { replace: true })} />
      {off ? (
        <div className="page-body page-center" data-testid="share-live-off">
          <ErrorBlock status="empty" title={t('live.shareOffHere')} description={t('live.shareOffHereText')} />
        </div>
      ) : shared.isPending ? (
        <LoadingScreen text={t('common.loading')} />
      ) : shared.isError ? (
        <QueryFailed error={shared.error} onRetry={() => void shared.refetch()} />
      ) : (
        <div className="page-body live-room">
          <h2 className="live-title" data-testid="live-title">
            {shared.data.title}
          </h2>
          <div className="live-meta">
            <Tag
              color={shared.data.liveState === LIVE_STATES.live ? 'danger' : 'default'}
              fill="outline"
              data-testid="live-state"
              data-state={shared.data.liveState}
            >
              {t(`live.state${shared.data.liveState}`)}
            </Tag>
            <span className="live-course" data-testid="share-live-course">
              {shared.data.coursename}
            </span>
          </div>
          <div className="live-stage" data-testid="live-stage">
            {shared.data.playUrl ? (
              <HlsPlayer src={shared.data.playUrl} />
            ) : shared.data.replayUrl ? (
              <ReplayStage src={shared.data.replayUrl} courseId={0} id={shared.data.id} withComments={false} />
            ) : (
              <div className="live-stage-note" data-testid="live-stage-note">
                {shared.data.liveState === LIVE_STATES.ended ? t('live.ended') : t('live.waiting')}
              </div>
            )}
          </div>
          <p className="live-push-tip">{t('live.shareReadOnly')}</p>
        </div>
      )}
    </div>
  );
}
