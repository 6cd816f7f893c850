import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { BellOutline, TeamOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { NavIconButton } from '../../../components/NavIconButton';
import { PageNavBar } from '../../../components/PageNavBar';
import { errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { ChatSearchBar, ChatSearchResults } from '../../chat/ChatSearch';
import { ChatSessions } from '../../chat/ChatSessions';
import { retryNetworkOnly } from '../../courses/api';
import { messageKeys, messagesApi } from '../api';
import '../messages.css';

/**
 * /ktpMessage (a tab): the entries to the message notices and the to-dos with what waits in each
 * (`getAgencyMsg`), then the chat sessions, with the address-book button at the top (spec 1 §2; issue 27).
 * Above them, the search across one's chats (issue 27): a keyword (`?q=` in the address) shows its hits
 * in their place.
 */
export default function KtpMessagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const agency = useQuery({ queryKey: messageKeys.agency, queryFn: messagesApi.agency, retry: retryNetworkOnly });
  const [params, setParams] = useSearchParams();
  const keyword = params.get('q')?.trim() ?? '';

  // a red count while something waits; nothing drawn (but the count still readable) at zero
  const count = (n: number | undefined, testid: string) => {
    const value = Number(n ?? 0);
    return (
      <span className={value > 0 ? 'message-count' : 'message-count is-zero'} data-testid={testid} data-count={value}>
        {value > 0 ? (value > 99 ? '99+' : value) : ''}
      </span>
    );
  };

  return (
    <div className="page tab-page message-page" data-testid="tab-page-ktpMessage">
      <PageNavBar
        title={t('tabs.messages')}
        noBack
        right={
          <NavIconButton
            icon={<TeamOutline />}
            label={t('chat.addressBook')}
            onClick={() => navigate('/addressBooks')}
            testid="address-book-button"
          />
        }
      />
      <ChatSearchBar keyword={keyword} onKeyword={(q) => setParams(q ? { q } : {}, { replace: true })} />
      {keyword ? (
        <ChatSearchResults keyword={keyword} />
      ) : (
        <>
          <List className="message-entries">
            <List.Item
              prefix={
                <span className="message-entry-icon is-orange">
                  <BellOutline />
                </span>
              }
              description={
                agency.isError ? (
                  <span data-testid="message-agency-error">{errorMessage(agency.error)}</span>
                ) : (
                  t('messages.notices.entryText')
                )
              }
              extra={count(agency.data?.unread, 'message-notices-unread')}
              onClick={() => navigate('/schoolmsg')}
              arrow
              data-testid="message-notices-entry"
            >
              {t('messages.notices.title')}
            </List.Item>
            <List.Item
              prefix={
                <span className="message-entry-icon is-blue">
                  <UnorderedListOutline />
                </span>
              }
              description={t('messages.todo.entryText')}
              extra={count(agency.data?.todo, 'message-todo-count')}
              onClick={() => navigate('/todoList')}
              arrow
              data-testid="message-todo-entry"
            >
              {t('messages.todo.title')}
            </List.Item>
          </List>
          <ChatSessions />
        </>
      )}
    </div>
  );
}
