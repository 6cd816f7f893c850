import { Button, ErrorBlock } from 'antd-mobile';
import { AddOutline, QuestionCircleOutline, RightOutline } from 'antd-mobile-icons';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { useInteractList } from '../api';
import { interactPaths } from '../paths';

/**
 * The course's interactive answers, newest first: the teacher's with "new", a student's with what they
 * answered. `open` leads a row elsewhere than the item's page (a live's question page, decision 040).
 */
export function InteractList({
  courseId,
  courseRole: role,
  open,
}: {
  courseId: number;
  courseRole: 0 | 1;
  open?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useInteractList(courseId);
  if (list.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (list.isError) return <QueryFailed error={list.error} onRetry={() => void list.refetch()} />;
  const items = list.data.list;
  return (
    <div className="page-body ia-list" data-testid="ia-list">
      {role ? (
        <Button
          block
          color="primary"
          shape="rounded"
          onClick={() => navigate(interactPaths.create(courseId))}
          data-testid="ia-add"
        >
          <AddOutline /> {t('interact.add')}
        </Button>
      ) : null}
      {items.length === 0 ? (
        <ErrorBlock
          status="empty"
          title={t('interact.empty')}
          description={role ? t('interact.emptyTeacher') : t('interact.emptyStudent')}
          data-testid="ia-empty"
        />
      ) : (
        items.map((item) => (
          <button
            type="button"
            key={item.id}
            className="ia-row"
            onClick={() => (open ? open(item.id) : navigate(interactPaths.detail(courseId, role, item.id)))}
            data-testid="ia-row"
            data-id={item.id}
          >
            <QuestionCircleOutline className="ia-row-icon" />
            <span className="ia-row-main">
              <span className="ia-row-title">{item.title}</span>
              <span className="ia-row-meta small muted">
                <span>{t('interact.stepCount', { count: item.steps })}</span>
                {item.open > 0 ? <span className="ia-state is-open">{t('interact.state.open')}</span> : null}
                {role ? null : <span>{t('interact.answeredCount', { count: item.answered, total: item.steps })}</span>}
              </span>
            </span>
            <RightOutline className="muted" />
          </button>
        ))
      )}
    </div>
  );
}
