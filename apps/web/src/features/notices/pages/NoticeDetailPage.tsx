import { ActivityPage } from '../components/ActivityPage';
import { NoticeList } from '../components/NoticeList';
import { NoticeView } from '../components/NoticeView';
import { addNoticePath, noticePath } from '../paths';

/**
 * /noticeDetail?courseId=&courseRole=: the course's notices; with `id=`, one notice (spec 2 §2,
 * spec 1 §2 "notice detail with a read or unread tag"). Teachers and assistants publish them.
 */
export default function NoticeDetailPage() {
  return (
    <ActivityPage
      kind="notice"
      listPath={noticePath}
      addPath={addNoticePath}
      canCreate={(manager) => manager}
      list={(course) => <NoticeList info={course} />}
      view={(course, id) => <NoticeView key={id} info={course} id={id} />}
    />
  );
}
