import {
  CHAT_GROUP_PRIVATE,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_MSG_AUDIO,
  CHAT_MSG_FILE,
  CHAT_MSG_IMAGE,
  CHAT_MSG_RECALL,
  CHAT_MSG_TEXT,
  CHAT_MSG_VIDEO,
  CHAT_RECALL_MS,
  CHAT_STATUS_FAILED,
  CHAT_STATUS_SENDING,
  CHAT_STATUS_SENT,
  CHAT_TEXT_MAX,
  type ChatRules,
  chatMsgTypeOf,
} from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ActionSheet, Button, ErrorBlock, ProgressBar, TextArea } from 'antd-mobile';
import { AudioOutline, FileOutline, PlayOutline } from 'antd-mobile-icons';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { showAlert, showToast } from '../../../components/alerts';
import { NavIconButton } from '../../../components/NavIconButton';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { UserAvatar } from '../../../components/UserAvatar';
import { errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { fileProblem, UploadCancelled, uploadFile } from '../../../lib/upload';
import { useUser } from '../../accounts/authStore';
import { chatApi, chatKeys, type ShownMessage, withIncoming } from '../api';
import { ChatImageViewer } from '../ChatImageViewer';
import { ChatRefusal, chatSocket } from '../chatSocket';
import '../chat.css';

/**
 * /chat?groupId&friendid&coursename (spec 1 §2): the conversation, newest at the bottom; text is
 * trimmed and an empty one refused ("发送的消息不能为空"). A message shows sending (1), sent (2) or
 * failed (3, spec 1 §4: no answer after 10 s, or refused); a failed one is sent again by a tap, with
 * the same uniqueCode (stored once). A tap on one of our own messages within 2 minutes offers to recall
 * it. The more menu leads to the history, and in a private chat blocks or unblocks the other member (their
 * messages are then refused, spec 2 §8 "the other party has refused"). In a private chat each of our
 * stored messages says whether the other member has read it (issue 27: from the history, then live by
 * the socket's `readMessage` and their own messages). Without a group id: an alert, then back (spec 2 §8).
 */
export default function ChatPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const goBack = useGoBack('/ktpMessage');
  const client = useQueryClient();
  const user = useUser();
  const me = Number(user?.id ?? 0);
  const groupId = Number(params.get('groupId') ?? params.get('groupid') ?? 0);
  const friendid = Number(params.get('friendid') ?? 0);
  const title = params.get('name') || params.get('coursename') || t('chat.title');
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [text, setText] = useState('');
  const [menu, setMenu] = useState(false);
  const [student, setStudent] = useState<{ uid: number; name: string } | null>(null);
  const [recalling, setRecalling] = useState<ShownMessage | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  /** a private chat: the newest message the other member has read (read receipts, issue 27); null in a course group */
  const [readUpTo, setReadUpTo] = useState<number | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  // spec 2 §6: the teacher may forbid students chatting in a course's group
  const rules = useQuery({ queryKey: chatKeys.rules(groupId), queryFn: () => chatApi.rules(groupId), enabled: groupId > 0 });
  const forbidden = rules.data?.forbidden === 1;

  useEffect(() => {
    if (!groupId) void showAlert({ content: t('chat.noGroup'), confirmText: t('common.ok') }).then(goBack);
  }, [groupId, goBack, t]);

  const first = useQuery({
    queryKey: chatKeys.history(`g${groupId}`),
    queryFn: () => chatApi.history({ groupid: groupId, page: 1 }),
    enabled: groupId > 0,
  });

  // the newest page, oldest first, under what arrived meanwhile
  useEffect(() => {
    if (!first.data) return;
    const { type, readUpTo: read } = first.data;
    setReadUpTo((now) => (type === CHAT_GROUP_PRIVATE ? Math.max(now ?? 0, read) : null));
    const loaded: ShownMessage[] = first.data.list
      .map((h) => ({
        id: h.id,
        groupId,
        fromUid: h.fromUid,
        fromName: h.username,
        avatar: h.avatar,
        msgType: h.content.msgtype,
        msgContent: h.content.content,
        fileUrl: h.content.attachment?.url ?? '',
        thumbUrl: h.content.attachment?.thumb_src ?? '',
        fileSize: h.content.attachment?.size ?? 0,
        createTime: h.createtime,
        uniqueCode: '',
        msgtatus: CHAT_STATUS_SENT,
      }))
      .reverse();
    setMessages((now) => {
      const ids = new Set(loaded.map((m) => m.id));
      return [...loaded, ...now.filter((m) => m.local || !ids.has(m.id))];
    });
  }, [first.data, groupId]);

  useEffect(
    () =>
      chatSocket.subscribe((e) => {
        if (e.type === 'message' && e.message.groupId === groupId) {
          setMessages((now) => withIncoming(now, e.message, me));
          // the other member wrote: they have read what came before (the server marks a sender's chat read)
          if (e.message.fromUid !== me) setReadUpTo((now) => (now === null ? now : Math.max(now, e.message.id)));
          chatSocket.markRead(groupId, e.message.id);
          void client.invalidateQueries({ queryKey: chatKeys.sessions });
        }
        if (e.type === 'failed') {
          setMessages((now) =>
            now.map((m) => (m.local && m.uniqueCode === e.uniqueCode ? { ...m, msgtatus: CHAT_STATUS_FAILED } : m)),
          );
          // spec 2 §8: a refused push says "the other party has refused"
          if (e.refused) showToast(e.refused);
        }
        // logged in again: the newest page again, for what arrived while the socket was away
        if (e.type === 'online') {
          void first.refetch();
          void client.invalidateQueries({ queryKey: chatKeys.rules(groupId) });
        }
        if (e.type === 'read' && e.groupId === groupId && e.uid !== me)
          setReadUpTo((now) => (now === null ? now : Math.max(now, e.id)));
        if (e.type === 'groupChange' && e.groupId === groupId)
          void client.invalidateQueries({ queryKey: chatKeys.rules(groupId) });
        if (e.type === 'removed' && e.groupId === groupId)
          setMessages((now) =>
            now.map((m) => (m.id === e.id && !m.local ? { ...m, msgType: CHAT_MSG_RECALL, msgContent: '' } : m)),
          );
      }),
    [groupId, me, client, first.refetch],
  );

  // what the page shows is read
  const newest = messages.filter((m) => !m.local).at(-1)?.id;
  useEffect(() => {
    if (groupId && newest) {
      chatSocket.markRead(groupId, newest);
      void client.invalidateQueries({ queryKey: chatKeys.sessions });
    }
  }, [groupId, newest, client]);

  // the newest in view whenever one is added
  const count = messages.length;
  useLayoutEffect(() => {
    if (count > 0) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const send = () => {
    const content = text.trim();
    if (!content) {
      showToast(t('chat.empty'));
      return;
    }
    const code = chatSocket.send(groupId, content);
    setMessages((now) => [
      ...now,
      {
        id: -Date.now(),
        groupId,
        fromUid: me,
        fromName: '',
        avatar: '',
        msgType: 0,
        msgContent: content,
        fileUrl: '',
        thumbUrl: '',
        fileSize: 0,
        createTime: Math.floor(Date.now() / 1000),
        uniqueCode: code,
        msgtatus: CHAT_STATUS_SENDING,
        local: true,
      },
    ]);
    setText('');
  };

  /**
   * A picture, file, voice or video: uploaded by the upload calls in 5,120,000-byte chunks with its
   * progress in the bubble, then sent with its file id; its message type is its family's (an image
   * over 5 MB goes as a file). A failed upload leaves a failed bubble that sends it again.
   */
  const sendFile = async (file: File) => {
    const problem = fileProblem(file, (user?.isvip ?? 0) > 0);
    if (problem) {
      showToast(problem);
      return;
    }
    let msgType = chatMsgTypeOf(file.type);
    if (msgType === CHAT_MSG_IMAGE && file.size > CHAT_IMAGE_MAX_BYTES) msgType = CHAT_MSG_FILE;
    const local = `up-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const preview = msgType === CHAT_MSG_IMAGE ? URL.createObjectURL(file) : '';
    setMessages((now) => [
      ...now,
      {
        id: -Date.now(),
        groupId,
        fromUid: me,
        fromName: '',
        avatar: '',
        msgType,
        msgContent: file.name,
        fileUrl: preview,
        thumbUrl: preview,
        fileSize: file.size,
        createTime: Math.floor(Date.now() / 1000),
        uniqueCode: local,
        msgtatus: CHAT_STATUS_SENDING,
        local: true,
        progress: 0,
      },
    ]);
    const update = (patch: Partial<ShownMessage>) =>
      setMessages((now) => now.map((m) => (m.local && m.uniqueCode === local ? { ...m, ...patch } : m)));
    try {
      const stored = await uploadFile(file, (p) => update({ progress: p.phase === 'hashing' ? 0 : p.fraction }));
      update({ progress: undefined, fileId: stored.id });
      chatSocket.send(groupId, file.name, local, { msgType, fileId: stored.id });
    } catch (error) {
      update({ progress: undefined, msgtatus: CHAT_STATUS_FAILED });
      if (!(error instanceof UploadCancelled)) showToast(errorMessage(error));
    }
  };

  const resend = (m: ShownMessage) => {
    if (m.msgType !== CHAT_MSG_TEXT && !m.fileId) {
      showToast(t('chat.uploadAgain'));
      return;
    }
    chatSocket.send(groupId, m.msgContent, m.uniqueCode, m.fileId ? { msgType: m.msgType, fileId: m.fileId } : undefined);
    setMessages((now) => now.map((x) => (x === m ? { ...x, msgtatus: CHAT_STATUS_SENDING } : x)));
  };

  const forbid = async (value: 0 | 1, uid?: number) => {
    if (!rules.data) return;
    try {
      const next = await chatApi.forbid(rules.data.courseid, value, uid);
      client.setQueryData(chatKeys.rules(groupId), next);
      showToast(
        uid ? (value ? t('chat.forbiddenOne') : t('chat.allowedOne')) : value ? t('chat.forbiddenAll') : t('chat.allowedAll'),
      );
    } catch (error) {
      showToast(errorMessage(error));
    }
  };
  const block = async (value: 0 | 1) => {
    if (!rules.data || !friendid) return;
    try {
      const done = await chatApi.mute(groupId, friendid, value);
      client.setQueryData<ChatRules>(chatKeys.rules(groupId), (r) => (r ? { ...r, blocked: done.mute } : r));
      void client.invalidateQueries({ queryKey: chatKeys.sessions });
      showToast(done.mute ? t('chat.blockedToast') : t('chat.unblockedToast'));
    } catch (error) {
      showToast(errorMessage(error));
    }
  };

  const recall = async (m: ShownMessage) => {
    try {
      // the bubble turns into the recall when the server's `removeMessage` reaches this page, as on every member's
      await chatSocket.recall(groupId, m.id, t('chat.recallOffline'));
    } catch (error) {
      showToast(error instanceof ChatRefusal ? error.message : errorMessage(error));
    }
  };

  // the teacher and assistants, in a course's group (a private chat's rules never say they manage)
  const manages = rules.data?.manages === 1;

  if (!groupId) return <div className="page" />;

  return (
    <div className="page chat-page" data-testid="chat-page">
      <PageNavBar
        title={title}
        onBack={goBack}
        right={
          <NavIconButton
            icon={<span className="chat-more">···</span>}
            label={t('chat.more')}
            onClick={() => setMenu(true)}
            testid="chat-more-button"
          />
        }
      />
      <ActionSheet
        visible={menu}
        onClose={() => setMenu(false)}
        cancelText={t('common.cancel')}
        actions={[
          {
            key: 'history',
            text: <span data-testid="chat-history-button">{t('chat.history')}</span>,
            onClick: () => {
              setMenu(false);
              navigate(friendid ? `/ChatHistory?friendid=${friendid}` : `/ChatHistory?groupid=${groupId}`);
            },
          },
          ...(friendid && rules.data
            ? [
                {
                  key: 'block',
                  text: <span data-testid="chat-block">{rules.data.blocked ? t('chat.unblock') : t('chat.block')}</span>,
                  onClick: () => {
                    setMenu(false);
                    void block(rules.data?.blocked ? 0 : 1);
                  },
                },
              ]
            : []),
          ...(manages
            ? [
                {
                  key: 'forbid-all',
                  text: (
                    <span data-testid="chat-forbid-all">
                      {rules.data?.allforbidden ? t('chat.allowAll') : t('chat.forbidAll')}
                    </span>
                  ),
                  onClick: () => {
                    setMenu(false);
                    void forbid(rules.data?.allforbidden ? 0 : 1);
                  },
                },
              ]
            : []),
        ]}
      />
      <ActionSheet
        visible={student !== null}
        onClose={() => setStudent(null)}
        cancelText={t('common.cancel')}
        extra={student?.name}
        actions={
          student && rules.data
            ? [
                studentForbidden(rules.data, student.uid)
                  ? {
                      key: 'allow',
                      text: <span data-testid="chat-allow-one">{t('chat.allowOne')}</span>,
                      onClick: () => {
                        setStudent(null);
                        void forbid(0, student.uid);
                      },
                    }
                  : {
                      key: 'forbid',
                      text: <span data-testid="chat-forbid-one">{t('chat.forbidOne')}</span>,
                      onClick: () => {
                        setStudent(null);
                        void forbid(1, student.uid);
                      },
                    },
              ]
            : []
        }
      />
      <ActionSheet
        visible={recalling !== null}
        onClose={() => setRecalling(null)}
        cancelText={t('common.cancel')}
        actions={[
          {
            key: 'recall',
            text: <span data-testid="chat-recall">{t('chat.recall')}</span>,
            onClick: () => {
              const m = recalling;
              setRecalling(null);
              if (m) void recall(m);
            },
          },
        ]}
      />
      <div className="chat-messages" data-testid="chat-messages">
        {first.isPending ? <div className="chat-sessions-state">{t('common.loading')}</div> : null}
        {first.isError ? (
          <ErrorBlock status="default" title={errorMessage(first.error)} description="">
            <Button size="small" onClick={() => void first.refetch()}>
              {t('common.retry')}
            </Button>
          </ErrorBlock>
        ) : null}
        {first.isSuccess && messages.length === 0 ? (
          <div className="chat-sessions-state" data-testid="chat-no-messages">
            {t('chat.noMessagesYet')}
          </div>
        ) : null}
        {messages.map((m) => (
          <Bubble
            key={m.local ? m.uniqueCode : m.id}
            m={m}
            mine={m.fromUid === me}
            onResend={() => resend(m)}
            onImage={setViewing}
            onAvatar={manages && m.fromUid !== me ? () => setStudent({ uid: m.fromUid, name: m.fromName }) : undefined}
            onOwn={m.fromUid === me && recallable(m) ? () => setRecalling(m) : undefined}
            read={readUpTo !== null && m.fromUid === me && !m.local ? m.id <= readUpTo : undefined}
          />
        ))}
        <div ref={bottom} />
      </div>
      <ChatImageViewer src={viewing} onClose={() => setViewing(null)} />
      {forbidden ? (
        <div className="chat-forbidden" data-testid="chat-forbidden">
          {rules.data?.allforbidden && !rules.data.forbiddenlist.includes(me)
            ? t('chat.allForbiddenBar')
            : t('chat.forbiddenBar')}
        </div>
      ) : (
        <div className="chat-input">
          <button
            type="button"
            className="chat-attach"
            aria-label={t('chat.attach')}
            onClick={() => picker.current?.click()}
            data-testid="chat-attach"
          >
            +
          </button>
          <input
            ref={picker}
            type="file"
            hidden
            accept="image/*,audio/*,video/*,*/*"
            data-testid="chat-file-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void sendFile(file);
            }}
          />
          <TextArea
            value={text}
            onChange={setText}
            placeholder={t('chat.placeholder')}
            rows={1}
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={CHAT_TEXT_MAX}
            data-testid="chat-input"
          />
          <Button color="primary" size="small" onClick={send} data-testid="chat-send">
            {t('chat.send')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** One of our stored messages young enough to recall (the server has the last word, 31606). */
function recallable(m: ShownMessage) {
  return !m.local && m.msgtatus === CHAT_STATUS_SENT && Date.now() - m.createTime * 1000 < CHAT_RECALL_MS;
}

/** Whether a student may not send in the course group now (the server's rule, speak.policy `isMuted`). */
function studentForbidden(rules: ChatRules, uid: number) {
  if (rules.forbiddenlist.includes(uid)) return true;
  if (rules.allowedlist.includes(uid)) return false;
  return rules.allforbidden === 1;
}

/** A size as a person reads it: KB up to a megabyte, else MB. */
function sizeLabel(bytes: number) {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** What a message shows inside its bubble: text, or a picture, voice, video or file to open with a tap. */
function MessageBody({ m, onImage }: { m: ShownMessage; onImage: (src: string) => void }) {
  const { t } = useTranslation();
  if (m.msgType === CHAT_MSG_TEXT) return <div className="chat-bubble">{m.msgContent}</div>;
  const uploading = m.progress !== undefined;
  const progress = uploading ? (
    <ProgressBar percent={Math.round((m.progress ?? 0) * 100)} data-testid="chat-upload-progress" className="chat-progress" />
  ) : null;
  if (m.msgType === CHAT_MSG_IMAGE && m.fileUrl)
    return (
      <div className="chat-bubble is-media">
        <button
          type="button"
          className="chat-image"
          onClick={() => onImage(m.fileUrl)}
          aria-label={t('chat.openImage')}
          data-testid="chat-image"
        >
          {/* the bubble shows the thumbnail; a tap opens the picture itself */}
          <img src={m.thumbUrl || m.fileUrl} alt={m.msgContent} />
        </button>
        {progress}
      </div>
    );
  if (m.msgType === CHAT_MSG_AUDIO && m.fileUrl && !uploading)
    return (
      <div className="chat-bubble is-media">
        {/* biome-ignore lint/a11y/useMediaCaption: a voice message has no caption track */}
        <audio controls preload="none" src={m.fileUrl} data-testid="chat-audio" />
      </div>
    );
  if (m.msgType === CHAT_MSG_VIDEO && m.fileUrl && !uploading)
    return (
      <div className="chat-bubble is-media">
        {/* biome-ignore lint/a11y/useMediaCaption: a video message has no caption track */}
        <video controls preload="metadata" src={m.fileUrl} className="chat-video" data-testid="chat-video" />
      </div>
    );
  const card = (
    <>
      <span className="chat-file-icon" aria-hidden>
        {m.msgType === CHAT_MSG_AUDIO ? <AudioOutline /> : m.msgType === CHAT_MSG_VIDEO ? <PlayOutline /> : <FileOutline />}
      </span>
      <span className="chat-file-text">
        <span className="chat-file-name">{m.msgContent}</span>
        <span className="chat-file-size">{sizeLabel(m.fileSize)}</span>
      </span>
    </>
  );
  return (
    <div className="chat-bubble is-file">
      {m.fileUrl && !uploading ? (
        <a className="chat-file" href={m.fileUrl} target="_blank" rel="noreferrer" data-testid="chat-file">
          {card}
        </a>
      ) : (
        <div className="chat-file" data-testid="chat-file">
          {card}
        </div>
      )}
      {progress}
    </div>
  );
}

function Bubble({
  m,
  mine,
  onResend,
  onImage,
  onAvatar,
  onOwn,
  read,
}: {
  m: ShownMessage;
  mine: boolean;
  onResend: () => void;
  onImage: (src: string) => void;
  onAvatar?: () => void;
  /** our own message, still recallable: what a tap on it offers */
  onOwn?: () => void;
  /** our own stored message in a private chat: whether the other member has read it */
  read?: boolean;
}) {
  const { t } = useTranslation();
  if (m.msgType === CHAT_MSG_RECALL)
    return <div className="chat-recalled">{mine ? t('chat.youRecalled') : t('chat.recalledBy', { name: m.fromName })}</div>;
  const status = m.msgtatus as number;
  return (
    <div
      className={mine ? 'chat-row is-mine' : 'chat-row'}
      data-testid="chat-message"
      data-status={status}
      data-mine={mine ? 1 : 0}
    >
      {!mine &&
        (onAvatar ? (
          <button
            type="button"
            className="chat-avatar-button"
            onClick={onAvatar}
            data-testid="chat-member-button"
            aria-label={m.fromName || '?'}
          >
            <UserAvatar name={m.fromName || '?'} src={m.avatar || undefined} size={36} testid="chat-message-avatar" />
          </button>
        ) : (
          <UserAvatar name={m.fromName || '?'} src={m.avatar || undefined} size={36} testid="chat-message-avatar" />
        ))}
      <div className="chat-bubble-wrap">
        {!mine && m.fromName ? <div className="chat-from">{m.fromName}</div> : null}
        <MessageBody m={m} onImage={onImage} />
        {read !== undefined && status === CHAT_STATUS_SENT ? (
          <div className={read ? 'chat-receipt is-read' : 'chat-receipt'} data-testid="chat-receipt" data-read={read ? 1 : 0}>
            {read ? t('chat.read') : t('chat.unread')}
          </div>
        ) : null}
      </div>
      {onOwn ? (
        <button
          type="button"
          className="chat-own-actions"
          onClick={onOwn}
          aria-label={t('chat.messageActions')}
          data-testid="chat-own-actions"
        >
          ···
        </button>
      ) : null}
      {mine && status === CHAT_STATUS_SENDING ? (
        <span className="chat-status" data-testid="chat-status-sending">
          {t('chat.sending')}
        </span>
      ) : null}
      {mine && status === CHAT_STATUS_FAILED ? (
        <button type="button" className="chat-status is-failed" onClick={onResend} data-testid="chat-resend">
          {t('chat.failedResend')}
        </button>
      ) : null}
    </div>
  );
}
