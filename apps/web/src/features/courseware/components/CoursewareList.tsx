import { Button, ErrorBlock, SpinLoading } from 'antd-mobile';
import { AddOutline, PicturesOutline, RightOutline } from 'antd-mobile-icons';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { type PreStudyItem, useCoursewareList } from '../api';
import { addCoursewarePath, coursewarePath, formatDuration } from '../paths';
import { ConversionState } from './ConversionState';

/** The course's courseware: the teacher's every one with its conversion and learners; a student's published ones with their progress. */
export function CoursewareList({ courseId, courseRole: role }: { courseId: number; courseRole: 0 | 1 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useCoursewareList(courseId);
  if (list.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (list.isError) return <QueryFailed error={list.error} onRetry={() => void list.refetch()} />;
  const items = list.data.list;
  return (
    <div className="page-body cw-list" data-testid="cw-list">
      {role ? (
        <Button
          block
          color="primary"
          shape="rounded"
          onClick={() => navigate(addCoursewarePath(courseId))}
          data-testid="cw-add"
          className="cw-add-button"
        >
          <AddOutline /> {t('courseware.add')}
        </Button>
      ) : null}
      {items.length === 0 ? (
        <ErrorBlock
          status="empty"
          title={t('courseware.empty')}
          description={role ? t('courseware.emptyTeacher') : t('courseware.emptyStudent')}
          data-testid="cw-empty"
        />
      ) : (
        items.map((item) => (
          <Row key={item.id} item={item} teacher={role === 1} onOpen={() => navigate(coursewarePath(courseId, role, item.id))} />
        ))
      )}
    </div>
  );
}

function Row({ item, teacher, onOpen }: { item: PreStudyItem; teacher: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const busy = item.state === 'waiting' || item.state === 'converting';
  return (
    <button type="button" className="cw-row" onClick={onOpen} data-testid={`cw-row-${item.id}`} data-state={item.state}>
      <PicturesOutline className="cw-row-icon" />
      <span className="cw-row-main">
        <span className="cw-row-title">{item.title}</span>
        <span className="cw-row-meta small muted">
          {busy ? <SpinLoading style={{ '--size': '12px' }} /> : null}
          <ConversionState state={item.state} total={item.total} inline />
          {item.publishstate !== 2 ? <span className="cw-tag">{t(`materials.publishState.${item.publishstate}`)}</span> : null}
          {teacher ? (
            <span>{t('courseware.learnedCount', { count: item.learned })}</span>
          ) : item.learning.finished ? (
            <span className="cw-tag is-done">{t('courseware.finished')}</span>
          ) : item.learning.seconds ? (
            <span>{t('courseware.learnedFor', { time: formatDuration(item.learning.seconds) })}</span>
          ) : (
            <span>{t('courseware.notStarted')}</span>
          )}
        </span>
      </span>
      <RightOutline className="muted" />
    </button>
  );
}
