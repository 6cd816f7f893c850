import {
  CHAT_GROUP_COURSE,
  CHAT_MSG_AUDIO,
  CHAT_MSG_FILE,
  CHAT_MSG_IMAGE,
  CHAT_MSG_VIDEO,
  CHAT_SEARCH_KEYWORD_MAX,
  type ChatSearchHit,
} from '@paiclass/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, List, SearchBar, type SearchBarRef } from 'antd-mobile';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { UserAvatar } from '../../components/UserAvatar';
import { errorMessage } from '../../lib/api';
import { useNavigate } from '../../lib/router';
import { useTranslation } from '../../lib/translations';
import { chatApi, chatKeys, chatPath, highlightParts } from './api';
import { chatTime } from './ChatSessions';
import './chat.css';

const KIND: Record<number, string> = {
  [CHAT_MSG_IMAGE]: 'chat.kindImage',
  [CHAT_MSG_FILE]: 'chat.kindFile',
  [CHAT_MSG_AUDIO]: 'chat.kindAudio',
  [CHAT_MSG_VIDEO]: 'chat.kindVideo',
};

/**
 * The search box of the message tab (issue 27, beyond the spec): the keyword (at most 50 characters)
 * is searched on submit across the caller's chats; `keyword` and `onKeyword` keep it in the page's
 * address, so that coming back from a chat shows the same hits.
 */
export function ChatSearchBar({ keyword, onKeyword }: { keyword: string; onKeyword: (k: string) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(keyword);
  const ref = useRef<SearchBarRef>(null);
  useLayoutEffect(() => {
    ref.current?.nativeElement?.setAttribute('data-testid', 'chat-search');
  });
  useEffect(() => setTyped(keyword), [keyword]);
  return (
    <div className="chat-search-row">
      <SearchBar
        ref={ref}
        className="chat-search"
        placeholder={t('chat.searchPlaceholder')}
        value={typed}
        onChange={(v) => {
          setTyped(v);
          if (!v.trim()) onKeyword('');
        }}
        onSearch={(v) => onKeyword(v.trim())}
        onClear={() => onKeyword('')}
        onCancel={() => onKeyword('')}
        showCancelButton={() => keyword !== ''}
        cancelText={t('common.cancel')}
        maxLength={CHAT_SEARCH_KEYWORD_MAX}
      />
    </div>
  );
}

/** The messages holding the keyword, newest first, 20 at a time: each with its chat, who wrote it, the match marked and the time; a tap opens the chat. */
export function ChatSearchResults({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hits = useInfiniteQuery({
    queryKey: chatKeys.search(keyword),
    queryFn: ({ pageParam }) => chatApi.search(keyword, pageParam || undefined),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.next : undefined),
  });

  if (hits.isPending)
    return (
      <div className="chat-sessions-state" data-testid="chat-search-loading">
        {t('common.loading')}
      </div>
    );
  // a failed first page; a failed later page keeps what was found, with a retry below it
  if (!hits.data)
    return (
      <div className="chat-sessions-state" data-testid="chat-search-error">
        <p>{errorMessage(hits.error)}</p>
        <Button size="small" onClick={() => void hits.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  const list = hits.data.pages.flatMap((p) => p.list);
  if (list.length === 0)
    return (
      <div className="chat-sessions-state" data-testid="chat-search-empty">
        {t('chat.searchEmpty', { keyword })}
      </div>
    );

  return (
    <div className="chat-search-results">
      <div className="chat-search-caption">{t('chat.searchCaption')}</div>
      <List data-testid="chat-search-results">
        {list.map((h) => (
          <List.Item
            key={h.id}
            prefix={<UserAvatar name={h.name} size={40} testid="chat-search-avatar" />}
            description={<Excerpt hit={h} keyword={keyword} />}
            extra={<span className="chat-session-time">{chatTime(h.createTime)}</span>}
            onClick={() => navigate(chatPath({ groupId: h.groupId, friendid: h.friendid, coursename: h.remark, name: h.name }))}
            data-testid={`chat-search-hit-${h.id}`}
          >
            <span className="chat-session-name">
              {h.name}
              {h.type === CHAT_GROUP_COURSE ? <span className="chat-session-tag">{t('chat.courseGroup')}</span> : null}
            </span>
          </List.Item>
        ))}
      </List>
      {hits.isFetchNextPageError ? (
        <div className="chat-sessions-state">
          <button
            type="button"
            className="chat-status is-failed"
            onClick={() => void hits.fetchNextPage()}
            data-testid="chat-search-more-error"
          >
            {t('chat.historyMoreFailed')}
          </button>
        </div>
      ) : hits.hasNextPage ? (
        <div className="chat-sessions-state">
          <Button
            size="small"
            loading={hits.isFetchingNextPage}
            onClick={() => void hits.fetchNextPage()}
            data-testid="chat-search-more"
          >
            {t('chat.searchMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** A hit's text: in a course group who wrote it, a media message by its kind, and each match marked. */
function Excerpt({ hit, keyword }: { hit: ChatSearchHit; keyword: string }) {
  const { t } = useTranslation();
  const kind = KIND[hit.msgType];
  return (
    <span className="chat-search-excerpt" data-testid="chat-search-excerpt">
      {hit.type === CHAT_GROUP_COURSE && hit.fromName ? `${hit.fromName}: ` : ''}
      {kind ? `${t(kind)} ` : ''}
      {highlightParts(hit.excerpt, keyword).map(([text, matched], i) =>
        matched ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed excerpt, in order
          <mark key={i} className="chat-search-mark">
            {text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed excerpt, in order
          <span key={i}>{text}</span>
        ),
      )}
    </span>
  );
}
