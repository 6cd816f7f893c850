import { CHAT_MSG_RECALL, CHAT_PAGE_SIZE, CHAT_SCROLL_TRIGGER_PX } from '@paiclass/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showAlert } from '../../../components/alerts';
import { ListEnd } from '../../../components/ListEnd';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { UserAvatar } from '../../../components/UserAvatar';
import { errorMessage } from '../../../lib/api';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { chatApi, chatKeys } from '../api';
import { ChatImageViewer } from '../ChatImageViewer';
import { chatTime } from '../ChatSessions';
import '../chat.css';

/**
 * /ChatHistory?friendid (spec 1 §2): the conversation's history, read-only, newest first, 50 a page,
 * the next page asked for 200 px before the bottom (spec 1 §9). Without a friend: an alert, then back.
 */
export default function ChatHistoryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const goBack = useGoBack('/ktpMessage');
  const friendid = Number(params.get('friendid') ?? 0);
  const groupid = Number(params.get('groupid') ?? 0);
  const valid = friendid > 0 || groupid > 0;

  useEffect(() => {
    if (!valid) void showAlert({ content: t('chat.noFriend'), confirmText: t('common.ok') }).then(goBack);
  }, [valid, goBack, t]);

  const pages = useInfiniteQuery({
    queryKey: chatKeys.history(friendid ? `f${friendid}-all` : `g${groupid}-all`),
    queryFn: ({ pageParam }) => chatApi.history({ ...(friendid ? { friendid } : { groupid }), page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * CHAT_PAGE_SIZE < last.total ? last.page + 1 : undefined),
    enabled: valid,
  });
  const list = pages.data?.pages.flatMap((p) => p.list) ?? [];
  const [viewing, setViewing] = useState<string | null>(null);

  return (
    <div className="page chat-history-page" data-testid="chat-history-page">
      <PageNavBar title={t('chat.history')} onBack={goBack} />
      {pages.isError && list.length === 0 ? <div className="chat-sessions-state">{errorMessage(pages.error)}</div> : null}
      {pages.isSuccess && list.length === 0 ? (
        <div className="chat-sessions-state" data-testid="chat-history-empty">
          {t('chat.noMessagesYet')}
        </div>
      ) : null}
      <div className="chat-history-list">
        {list.map((m) => (
          <div key={m.id} className="chat-history-item" data-testid="chat-history-item">
            <UserAvatar name={m.username || '?'} src={m.avatar || undefined} size={32} testid="chat-history-avatar" />
            <div className="chat-history-body">
              <div className="chat-history-head">
                <span>{m.username}</span>
                <span className="chat-session-time">{chatTime(m.createtime)}</span>
              </div>
              {m.content.msgtype === CHAT_MSG_RECALL ? (
                <div>{t('chat.recalled')}</div>
              ) : m.content.attachment?.isPic ? (
                <button
                  type="button"
                  className="chat-image"
                  onClick={() => setViewing(m.content.attachment!.url)}
                  aria-label={t('chat.openImage')}
                >
                  <img src={m.content.attachment.thumb_src} alt={m.content.content} />
                </button>
              ) : m.content.attachment ? (
                <a className="chat-file" href={m.content.attachment.url} target="_blank" rel="noreferrer">
                  {m.content.content}
                </a>
              ) : (
                <div>{m.content.content}</div>
              )}
            </div>
          </div>
        ))}
      </div>
      <ChatImageViewer src={viewing} onClose={() => setViewing(null)} />
      {valid && list.length > 0 ? (
        <ListEnd
          loadMore={async () => {
            await pages.fetchNextPage({ throwOnError: true });
          }}
          hasMore={Boolean(pages.hasNextPage)}
          prefix="chat-history"
          failedText={t('chat.historyMoreFailed')}
          endText={t('chat.historyEnd')}
          threshold={CHAT_SCROLL_TRIGGER_PX}
        />
      ) : null}
    </div>
  );
}
