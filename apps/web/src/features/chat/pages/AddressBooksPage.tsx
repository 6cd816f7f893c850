import { useQuery } from '@tanstack/react-query';
import { Button, Collapse, List } from 'antd-mobile';
import { useState } from 'react';
import { showToast } from '../../../components/alerts';
import { PageNavBar } from '../../../components/PageNavBar';
import { UserAvatar } from '../../../components/UserAvatar';
import { errorMessage } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { chatApi, chatKeys } from '../api';
import '../chat.css';

/**
 * /addressBooks (spec 1 §2): the caller's courses in collapsible groups, each with its teaching team
 * and its students by administrative class; tapping a person opens a private chat (`/LetterApi/open`),
 * and each course has its group chat.
 */
export default function AddressBooksPage() {
  const { t } = useTranslation();
  const courses = useQuery({ queryKey: chatKeys.courses, queryFn: chatApi.courses });
  const [opened, setOpened] = useState<string[]>([]);

  return (
    <div className="page chat-address-page" data-testid="address-books-page">
      <PageNavBar title={t('chat.addressBook')} />
      {courses.isPending ? (
        <div className="chat-sessions-state">{t('common.loading')}</div>
      ) : courses.isError ? (
        <div className="chat-sessions-state" data-testid="address-books-error">
          <p>{errorMessage(courses.error)}</p>
          <Button size="small" onClick={() => void courses.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : courses.data.list.length === 0 ? (
        <div className="chat-sessions-state" data-testid="address-books-empty">
          {t('chat.noCourses')}
        </div>
      ) : (
        <Collapse activeKey={opened} onChange={(keys) => setOpened(keys as string[])}>
          {courses.data.list.map((c) => (
            <Collapse.Panel
              key={String(c.id)}
              title={
                <span data-testid={`address-course-${c.id}`}>
                  {c.coursename}
                  {c.classname ? <span className="chat-session-course"> {c.classname}</span> : null}
                </span>
              }
            >
              {opened.includes(String(c.id)) ? (
                <CoursePeople courseId={c.id} coursename={c.coursename} classes={c.classAdministration} />
              ) : null}
            </Collapse.Panel>
          ))}
        </Collapse>
      )}
    </div>
  );
}

function CoursePeople({
  courseId,
  coursename,
  classes,
}: {
  courseId: number;
  coursename: string;
  classes: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const team = useQuery({ queryKey: chatKeys.team(courseId), queryFn: () => chatApi.team(courseId) });
  const friends = useQuery({ queryKey: chatKeys.friends(courseId), queryFn: () => chatApi.friends(courseId) });
  const me = Number(useUser()?.id ?? 0);

  const openChat = async (friendid: number) => {
    try {
      const opened = await chatApi.open(friendid, courseId);
      navigate(
        `/chat?groupId=${opened.groupId}&friendid=${friendid}&coursename=${encodeURIComponent(opened.coursename)}&name=${encodeURIComponent(opened.name)}`,
      );
    } catch (error) {
      showToast(errorMessage(error));
    }
  };
  const openGroup = async () => {
    try {
      const opened = await chatApi.courseGroup(courseId);
      navigate(
        `/chat?groupId=${opened.groupId}&coursename=${encodeURIComponent(coursename)}&name=${encodeURIComponent(coursename)}`,
      );
    } catch (error) {
      showToast(errorMessage(error));
    }
  };

  if (team.isPending || friends.isPending) return <div className="chat-sessions-state">{t('common.loading')}</div>;
  if (team.isError || friends.isError)
    return <div className="chat-sessions-state">{errorMessage(team.error ?? friends.error)}</div>;

  const byClass = new Map<number, typeof friends.data.list>();
  for (const f of friends.data.list) byClass.set(f.classid, [...(byClass.get(f.classid) ?? []), f]);
  const groups = [
    ...classes.map((c) => ({ key: c.id, name: c.name, people: byClass.get(c.id) ?? [] })),
    { key: 0, name: classes.length ? t('chat.noClass') : t('chat.students'), people: byClass.get(0) ?? [] },
  ].filter((g) => g.people.length > 0);

  return (
    <div className="chat-address-people" data-testid={`address-people-${courseId}`}>
      <List.Item onClick={() => void openGroup()} arrow data-testid={`address-group-chat-${courseId}`}>
        {t('chat.courseGroupChat')}
      </List.Item>
      <List header={t('chat.teachTeam')}>
        {team.data.list.map((p) => (
          <List.Item
            key={p.uid}
            prefix={<UserAvatar name={p.username} src={p.avatar || undefined} size={32} testid="address-avatar" />}
            description={p.role === 'owner' ? t('chat.roleTeacher') : t('chat.roleAssistant')}
            onClick={p.uid === me ? undefined : () => void openChat(p.uid)}
            arrow={p.uid !== me}
            data-testid={`address-person-${p.uid}`}
          >
            {p.username}
            {p.uid === me ? <span className="chat-session-course"> {t('chat.me')}</span> : null}
          </List.Item>
        ))}
      </List>
      {groups.map((g) => (
        <List key={g.key} header={`${g.name} (${g.people.length})`}>
          {g.people.map((p) => (
            <List.Item
              key={p.friendId}
              prefix={<UserAvatar name={p.friendUsername} src={p.friendAvatar || undefined} size={32} testid="address-avatar" />}
              onClick={() => void openChat(p.friendId)}
              arrow
              data-testid={`address-person-${p.friendId}`}
            >
              {p.friendUsername}
            </List.Item>
          ))}
        </List>
      ))}
      {groups.length === 0 ? <div className="chat-sessions-state">{t('chat.noStudents')}</div> : null}
    </div>
  );
}
