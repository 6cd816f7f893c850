import {
  CHAT_GROUP_COURSE,
  CHAT_MSG_AUDIO,
  CHAT_MSG_FILE,
  CHAT_MSG_IMAGE,
  CHAT_MSG_RECALL,
  CHAT_MSG_VIDEO,
} from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, SwipeAction } from 'antd-mobile';
import { useEffect } from 'react';
import { showToast } from '../../components/alerts';
import { confirmDialog } from '../../components/dialogs';
import { UserAvatar } from '../../components/UserAvatar';
import { errorMessage } from '../../lib/api';
import { useNavigate } from '../../lib/router';
import { useTranslation } from '../../lib/translations';
import { chatApi, chatKeys, chatPath } from './api';
import { chatSocket } from './chatSocket';
import './chat.css';

/** Epoch seconds as the list shows them: the time today, else the date. */
export function chatTime(seconds: number) {
  const d = new Date(seconds * 1000);
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  if (d.toDateString() === now.toDateString()) return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return `${d.getMonth() + 1}-${pad(d.getDate())}`;
}

/** A session's last message as the list shows it: a media message by its kind, a recall as such. */
function lastText(t: (key: string) => string, m: { msgType: number; msgContent: string }) {
  const kind: Record<number, string> = {
    [CHAT_MSG_RECALL]: 'chat.recalled',
    [CHAT_MSG_IMAGE]: 'chat.kindImage',
    [CHAT_MSG_FILE]: 'chat.kindFile',
    [CHAT_MSG_AUDIO]: 'chat.kindAudio',
    [CHAT_MSG_VIDEO]: 'chat.kindVideo',
  };
  const key = kind[m.msgType];
  if (!key) return m.msgContent;
  return m.msgType === CHAT_MSG_RECALL ? t(key) : `${t(key)} ${m.msgContent}`;
}

/**
 * The message tab's chat sessions (spec 1 §2): each with its last message and unread count, newest
 * first; a course group the teacher posted in since it was read says so (issue 27); swipe to delete
 * (after confirming); refreshed when a message arrives on the chat socket.
 */
export function ChatSessions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: chatKeys.sessions, queryFn: chatApi.sessions });

  useEffect(
    () =>
      chatSocket.subscribe((e) => {
        if (e.type === 'message' || e.type === 'removed' || e.type === 'online')
          void client.invalidateQueries({ queryKey: chatKeys.sessions });
      }),
    [client],
  );

  const remove = async (groupId: number) => {
    const ok = await confirmDialog({
      content: t('chat.deleteConfirm'),
      danger: true,
      confirmText: t('chat.delete'),
      testid: 'chat-delete',
    }).result;
    if (!ok) return;
    try {
      await chatApi.deleteSession(groupId);
      await client.invalidateQueries({ queryKey: chatKeys.sessions });
    } catch (error) {
      showToast(errorMessage(error));
    }
  };

  if (sessions.isPending)
    return (
      <div className="chat-sessions-state" data-testid="chat-sessions-loading">
        {t('common.loading')}
      </div>
    );
  if (sessions.isError)
    return (
      <div className="chat-sessions-state" data-testid="chat-sessions-error">
        <p>{errorMessage(sessions.error)}</p>
        <Button size="small" onClick={() => void sessions.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  if (sessions.data.list.length === 0)
    return (
      <div className="chat-sessions-state" data-testid="chat-sessions-empty">
        <p>{t('chat.noSessions')}</p>
        <Button
          size="small"
          color="primary"
          fill="outline"
          onClick={() => navigate('/addressBooks')}
          data-testid="chat-empty-address-book"
        >
          {t('chat.addressBook')}
        </Button>
      </div>
    );

  return (
    <List className="chat-sessions" data-testid="chat-sessions" data-unread={sessions.data.unread}>
      {sessions.data.list.map((s) => {
        const isCourse = s.group.type === CHAT_GROUP_COURSE;
        const last = s.lastMsg ? lastText(t, s.lastMsg) : t('chat.noMessagesYet');
        const open = () =>
          navigate(
            chatPath({ groupId: s.group.id, friendid: s.friend?.friendId, coursename: s.group.remark, name: s.group.name }),
          );
        const unread = s.groupUser.unReadCount;
        return (
          <SwipeAction
            key={s.group.id}
            rightActions={[{ key: 'delete', text: t('chat.delete'), color: 'danger', onClick: () => void remove(s.group.id) }]}
          >
            <List.Item
              prefix={<UserAvatar name={s.group.name} src={s.group.avatar || undefined} size={44} testid="chat-session-avatar" />}
              description={
                <span className="chat-session-last">
                  {/* the course's teacher posted since the caller last read it (issue 27) */}
                  {isCourse && s.groupUser.teacherMsgId > 0 ? (
                    <span className="chat-session-teacher" data-testid="chat-session-teacher">
                      {t('chat.teacherPosted')}
                    </span>
                  ) : null}
                  {last}
                </span>
              }
              extra={
                <div className="chat-session-extra">
                  <span className="chat-session-time">{s.lastMsg ? chatTime(s.lastMsg.createTime) : ''}</span>
                  {unread > 0 && (
                    <span className="message-count" data-testid="chat-session-unread" data-count={unread}>
                      {unread > 99 ? '99+' : unread}
                    </span>
                  )}
                </div>
              }
              onClick={open}
              data-testid={`chat-session-${s.group.id}`}
            >
              <span className="chat-session-name">
                {s.group.name}
                {isCourse ? <span className="chat-session-tag">{t('chat.courseGroup')}</span> : null}
              </span>
              <span className="chat-session-course">{isCourse ? '' : s.group.remark}</span>
            </List.Item>
          </SwipeAction>
        );
      })}
    </List>
  );
}
