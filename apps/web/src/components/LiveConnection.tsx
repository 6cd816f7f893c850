import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messageKeys } from '../features/messages/api';
import { classroomSocket, RECONNECTED, useSocketEvent, useSocketState } from '../lib/socket';
import { useTranslation } from '../lib/translations';

/**
 * The logged-in app's live connection: opens the classroom socket, keeps message lists and unread
 * counts current as notices are pushed, and says so when the connection is lost for good (after its
 * tries), with a button to try again.
 */
export function LiveConnection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useSocketState();
  useEffect(() => {
    classroomSocket.start();
  }, []);
  const refreshMessages = () => void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  useSocketEvent('Message.notice', refreshMessages);
  useSocketEvent(RECONNECTED, refreshMessages);
  if (state !== 'offline') return null;
  return (
    <div className="live-offline" role="status" data-testid="live-offline">
      <span>{t('common.live.offline')}</span>
      <button type="button" onClick={() => classroomSocket.retry()} data-testid="live-retry">
        {t('common.live.retry')}
      </button>
    </div>
  );
}
