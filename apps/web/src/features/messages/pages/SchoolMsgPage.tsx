import { useQueryClient } from '@tanstack/react-query';
import { Dialog, ErrorBlock, PullToRefresh, Skeleton, SwipeAction, Tabs, Toast } from 'antd-mobile';
import { useState } from 'react';
import { contentWithTestId } from '../../../components/BodyTestId';
import { confirmDialog } from '../../../components/dialogs';
import { ListEnd } from '../../../components/ListEnd';
import { PageNavBar } from '../../../components/PageNavBar';
import { errorMessage, showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { LoadFailed } from '../../courses/components/NoPermission';
import { todoKeys } from '../../todos/api';
import { useNow } from '../../todos/hooks/useNow';
import { contentItemPath } from '../../todos/utils';
import { APPEAL_EVENTTYPE, type MessageNotice, messageKeys, messagesApi } from '../api';
import { NoticeRow } from '../components/NoticeRow';
import { useMarkReadLocally, useNoticeList } from '../hooks/useNoticeList';
import '../messages.css';

/**
 * Where a notice leads: a student who joined to the course's members, a join request to the
 * enrolment review; otherwise the item it is about, in the role it was sent to; null when it is about none.
 */
export const noticePath = (n: MessageNotice) => {
  const courseid = Number(n.courseid);
  if (courseid && n.action === 'member_join') return `/member?courseId=${courseid}`;
  if (courseid && n.action === 'join_request') return `/enrollReview?courseId=${courseid}`;
  // an invoice issued or refused leads to the trade record, an institution's VIP grant to the VIP page
  if (n.action === 'invoice_issued' || n.action === 'invoice_refused') return '/myAllSetting?detail=myTradeRecord';
  if (n.action === 'institution_vip') return '/vipManagement';
  return contentItemPath({
    contenttype: Number(n.contenttype),
    contentid: Number(n.contentid),
    courseid,
    courseRole: Number(n.courserole) === 1 ? 1 : 0,
  });
};

/**
 * /schoolmsg: the message notices, 10 a page as the list scrolls (spec 1 §2, §9). Opening one
 * marks it read and goes to its item; an appeal is handled on PC only (spec 2 §8); "ignore" and
 * "ignore all" mark notices read without opening them (spec 1 §4).
 */
export default function SchoolMsgPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = useNow(60_000);
  const [tab, setTab] = useState<0 | 1>(0);
  const { query, notices, unread } = useNoticeList(tab);
  const markLocally = useMarkReadLocally();
  const [busy, setBusy] = useState(false);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: messageKeys.all }),
      // an opened announcement is read, so its to-do goes too
      queryClient.invalidateQueries({ queryKey: todoKeys.all }),
    ]);

  const markRead = async (n: MessageNotice) => {
    if (Number(n.isread) === 1) return true;
    try {
      await messagesApi.readIt(n.id);
      markLocally([n.id]);
      return true;
    } catch (e) {
      showApiError(e);
      return false;
    }
  };

  const open = async (n: MessageNotice) => {
    if (busy) return;
    setBusy(true);
    const ok = await markRead(n);
    setBusy(false);
    if (!ok) return;
    void refresh();
    if (Number(n.eventtype) === APPEAL_EVENTTYPE) {
      void Dialog.alert({
        content: contentWithTestId(t('messages.appeal'), 'notice-appeal-dialog'),
        confirmText: t('common.ok'),
      });
      return;
    }
    const path = noticePath(n);
    if (path) {
      navigate(path);
      return;
    }
    // a notice about no item (a weekly member report) is all in its text: show it whole
    void Dialog.alert({
      title: n.activitylabel || t('messages.system'),
      content: contentWithTestId(n.title, 'notice-text-dialog'),
      confirmText: t('common.ok'),
    });
  };

  const ignore = async (n: MessageNotice) => {
    if (await markRead(n)) {
      Toast.show({ content: t('messages.ignored') });
      void refresh();
    }
  };

  const readAll = async () => {
    if (unread === 0) {
      Toast.show({ content: t('messages.readAll.none') });
      return;
    }
    const ok = await confirmDialog({
      title: t('messages.readAll.title'),
      content: t('messages.readAll.text', { count: unread }),
      confirmText: t('messages.readAll.action'),
      testid: 'notice-read-all',
    }).result;
    if (!ok) return;
    try {
      await messagesApi.readAll();
      markLocally('all');
      Toast.show({ content: t('messages.readAll.done') });
    } catch (e) {
      showApiError(e);
    } finally {
      void refresh();
    }
  };

  const loadMore = async () => {
    const result = await query.fetchNextPage();
    if (result.isError) throw result.error;
  };

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <div className="notice-list" data-testid="notice-loading">
        {[0, 1, 2].map((i) => (
          <div className="notice-row notice-row-skeleton" key={i}>
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={1} animated />
          </div>
        ))}
      </div>
    );
  } else if (query.isError) {
    body = <LoadFailed message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  } else if (notices.length === 0) {
    body = (
      <div className="page-center notice-state" data-testid="notice-empty">
        <ErrorBlock
          status="empty"
          title={
            <span data-testid="notice-empty-title">{tab ? t('messages.empty.unreadTitle') : t('messages.empty.title')}</span>
          }
          description={tab ? t('messages.empty.unreadText') : t('messages.empty.text')}
        />
      </div>
    );
  } else {
    body = (
      <>
        <div className="notice-list" data-testid="notice-list">
          {notices.map((n) =>
            Number(n.isread) === 0 ? (
              <SwipeAction
                key={n.id}
                rightActions={[{ key: 'ignore', text: t('messages.ignore'), color: 'weak', onClick: () => void ignore(n) }]}
              >
                <NoticeRow notice={n} now={now} onOpen={() => void open(n)} />
              </SwipeAction>
            ) : (
              <NoticeRow key={n.id} notice={n} now={now} onOpen={() => void open(n)} />
            ),
          )}
        </div>
        <ListEnd
          loadMore={loadMore}
          hasMore={query.hasNextPage}
          prefix="notice"
          failedText={t('messages.loadMoreFailed')}
          endText={t('messages.end')}
        />
      </>
    );
  }

  return (
    <div className="page notice-page" data-testid="schoolmsg-page">
      <PageNavBar
        title={t('messages.notices.title')}
        right={
          <button
            type="button"
            className="nav-text-button"
            onClick={() => void readAll()}
            disabled={query.isPending}
            data-testid="notice-read-all"
          >
            {t('messages.readAll.action')}
          </button>
        }
      />
      <div className="notice-tabs-row">
        <Tabs activeKey={String(tab)} onChange={(key) => setTab(key === '1' ? 1 : 0)} className="notice-tabs">
          <Tabs.Tab key="0" title={<span data-testid="notice-tab-all">{t('messages.tabAll')}</span>} />
          <Tabs.Tab key="1" title={<span data-testid="notice-tab-unread">{t('messages.tabUnread')}</span>} />
        </Tabs>
        {query.isSuccess ? (
          <span className="notice-unread-count" data-testid="notice-unread-count">
            {t('messages.unreadCount', { count: unread })}
          </span>
        ) : null}
      </div>
      <PullToRefresh
        onRefresh={async () => {
          await query.refetch();
        }}
      >
        <div className="notice-body" aria-busy={query.isFetching}>
          {body}
        </div>
      </PullToRefresh>
    </div>
  );
}
