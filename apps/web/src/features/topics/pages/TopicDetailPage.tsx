import { useSearchParams } from '../../../lib/router';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { ActivityPage } from '../../notices/components/ActivityPage';
import { TopicList } from '../components/TopicList';
import { TopicView } from '../components/TopicView';
import { useTopicSetting } from '../hooks/useTopicSetting';
import { addTopicPath, topicPath } from '../paths';

/** /topicDetail?courseId=&courseRole=: the course's topics; with `id=`, one topic and its comments (spec 2 §2). */
export default function TopicDetailPage() {
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const listing = params.get('id') === null;
  const setting = useTopicSetting(courseId ?? 0, Boolean(courseId) && listing);
  return (
    <ActivityPage
      kind="topic"
      listPath={topicPath}
      addPath={addTopicPath}
      // students may start topics unless the teacher forbids it (spec 2 §6)
      canCreate={(manager, info) => manager || (Boolean(info) && Number(setting.data?.allowstudent) === 1)}
      list={(course) => <TopicList info={course} />}
      view={(course, id) => <TopicView key={id} info={course} id={id} />}
    />
  );
}
