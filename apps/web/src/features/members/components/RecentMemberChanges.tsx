import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog, ErrorBlock, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { contentWithTestId } from '../../../components/BodyTestId';
import { errorMessage, showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { type MessageNotice, messageKeys, messagesApi } from '../../messages/api';
import { NoticeRow } from '../../messages/components/NoticeRow';
import { noticePath } from '../../messages/pages/SchoolMsgPage';
import { useNow } from '../../todos/hooks/useNow';
import '../../messages/messages.css';

/**
 * The course's latest member notices for its teachers: who joined, who asks to join, the weekly
 * changes — the same messages as in Messages, so what the empty state promises is what arrives.
 */
export function RecentMemberChanges({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = useNow(60_000);
  const list = useQuery({
    queryKey: messageKeys.memberChanges(courseId),
    queryFn: () => messagesApi.memberChanges(courseId),
    retry: retryNetworkOnly,
  });

  const open = async (n: MessageNotice) => {
    if (Number(n.isread) === 0) {
      try {
        await messagesApi.readIt(n.id);
      } catch (e) {
        showApiError(e);
        return;
      }
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
    }
    const path = noticePath(n);
    if (path) {
      navigate(path);
      return;
    }
    void Dialog.alert({
      title: n.activitylabel || t('messages.system'),
      content: contentWithTestId(n.title, 'notice-text-dialog'),
      confirmText: t('common.ok'),
    });
  };

  let body: ReactNode;
  if (list.isPending) body = <Skeleton.Paragraph lineCount={3} animated />;
  else if (list.isError)
    body = (
      <ErrorBlock
        status="default"
        title={errorMessage(list.error)}
        description={
          <button type="button" className="link-button" onClick={() => void list.refetch()} data-testid="member-changes-retry">
            {t('common.retry')}
          </button>
        }
        data-testid="member-changes-error"
      />
    );
  else if (list.data.list.length === 0)
    body = (
      <p className="member-changes-empty" data-testid="member-changes-empty">
        {t('members.changes.empty')}
      </p>
    );
  else body = list.data.list.map((n) => <NoticeRow key={n.id} notice={n} now={now} onOpen={() => void open(n)} />);

  return (
    <section className="member-changes" aria-labelledby="member-changes-title" data-testid="member-changes">
      <h2 className="member-changes-title" id="member-changes-title">
        {t('members.changes.title')}
      </h2>
      <div className="member-changes-body">{body}</div>
    </section>
  );
}
