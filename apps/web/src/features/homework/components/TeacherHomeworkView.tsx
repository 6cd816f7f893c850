import { PUBLISH_STATES } from '@paiclass/shared';
import { Button, Toast } from 'antd-mobile';
import {
  CheckShieldOutline,
  DeleteOutline,
  EditSOutline,
  MessageOutline,
  RightOutline,
  SendOutline,
  SoundOutline,
  StarOutline,
  TeamOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { homeworkApi } from '../api';
import { useRefreshHomework } from '../hooks/useHomework';
import {
  addTaskPath,
  callPath,
  discussPath,
  homeworkPath,
  recheckingPath,
  reviewDetailPath,
  shareListPath,
  stuUserListPath,
} from '../paths';
import type { Homework } from '../types';
import { HomeworkInfo } from './HomeworkInfo';

/**
 * A teacher's homework: the homework, how many are in each state (each opening the submissions
 * filtered by it), and the teacher's actions: follow and grade submissions, expedite the missing
 * ones, publish the scores, edit, publish a draft now, delete.
 */
export function TeacherHomeworkView({ courseId, hw }: { courseId: number; hw: Homework }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshHomework(courseId, hw.id);
  const [busy, setBusy] = useState(false);
  const c = hw.counts ?? {
    total: 0,
    notsubmitted: 0,
    submitted: 0,
    overtime: 0,
    returned: 0,
    ungraded: 0,
    graded: 0,
    published: 0,
    shared: 0,
  };
  const s = hw.settings;
  const published = Number(hw.publishState) >= PUBLISH_STATES.published;
  const scoresOut = Number(s.scorespublished) === 1;

  const cells: { key: string; count: number; filter: number }[] = [
    { key: 'notSubmitted', count: c.notsubmitted, filter: 1 },
    { key: 'ungraded', count: c.ungraded, filter: 2 },
    { key: 'overtime', count: c.overtime, filter: 3 },
    { key: 'returned', count: c.returned, filter: 4 },
    { key: 'gradedUnpublished', count: Math.max(0, c.graded - c.published), filter: 5 },
    { key: 'published', count: c.published, filter: 6 },
    { key: 'shared', count: c.shared, filter: 7 },
  ];

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      Toast.show({ content: done });
      await refresh();
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
    }
  };

  const publishScores = async () => {
    const ok = await confirmDialog({
      title: t('homework.teacher.publishScoresTitle'),
      content: t('homework.teacher.publishScoresConfirm', { count: c.graded - c.published }),
      confirmText: t('homework.teacher.publishScores'),
      testid: 'publish-scores',
    }).result;
    if (ok) await run(() => homeworkApi.publishScores(courseId, hw.id), t('homework.teacher.scoresPublished'));
  };

  const publishNow = () => run(() => homeworkApi.publish(courseId, hw.id), t('homework.teacher.publishedNow'));

  const remove = async () => {
    const ok = await confirmDialog({
      title: t('homework.teacher.deleteTitle'),
      content: t('homework.teacher.deleteConfirm', { title: hw.title }),
      confirmText: t('homework.teacher.delete'),
      danger: true,
      testid: 'homework-delete',
    }).result;
    if (!ok) return;
    setBusy(true);
    try {
      await homeworkApi.remove(courseId, hw.id);
      Toast.show({ content: t('homework.teacher.deleted') });
      await refresh();
      navigate(homeworkPath(courseId, 1), { replace: true });
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page-body hw-body hw-teacher" data-testid="homework-teacher">
      <HomeworkInfo
        hw={hw}
        manager
        extra={
          <div className="article-actions hw-actions">
            {!published ? (
              <Button
                size="small"
                color="primary"
                shape="rounded"
                disabled={busy}
                onClick={() => void publishNow()}
                data-testid="homework-publish"
              >
                <SendOutline /> {t('homework.teacher.publishNow')}
              </Button>
            ) : null}
            <Button
              size="small"
              shape="rounded"
              disabled={busy}
              onClick={() => navigate(addTaskPath(courseId, hw.id))}
              data-testid="homework-edit"
            >
              <EditSOutline /> {t('homework.teacher.edit')}
            </Button>
            <Button
              size="small"
              shape="rounded"
              color="danger"
              fill="outline"
              disabled={busy}
              onClick={() => void remove()}
              data-testid="homework-delete"
            >
              <DeleteOutline /> {t('homework.teacher.delete')}
            </Button>
          </div>
        }
      />

      {published ? (
        <>
          <section className="hw-card" data-testid="homework-counts">
            <div className="hw-card-head">
              <h2 className="hw-section-title">{t('homework.teacher.progress')}</h2>
              <span className="muted small" data-testid="homework-total">
                {s.type === 2
                  ? t('homework.teacher.totalGroups', { count: c.total })
                  : t('homework.teacher.totalStudents', { count: c.total })}
              </span>
            </div>
            <div className="hw-count-grid">
              {cells.map((cell) => (
                <button
                  key={cell.key}
                  type="button"
                  className="hw-count-cell"
                  onClick={() => navigate(stuUserListPath(courseId, hw.id, cell.filter))}
                  data-testid={`count-${cell.key}`}
                  data-count={cell.count}
                >
                  <span className="hw-count-number">{cell.count}</span>
                  <span className="hw-count-label">{t(`homework.counts.${cell.key}`)}</span>
                </button>
              ))}
            </div>
          </section>

          <section className="hw-card hw-menu">
            <MenuButton
              icon={<UnorderedListOutline />}
              text={t('homework.teacher.submissions')}
              hint={c.ungraded ? t('homework.teacher.toGrade', { count: c.ungraded }) : undefined}
              onClick={() => navigate(stuUserListPath(courseId, hw.id))}
              testid="homework-submissions"
            />
            <MenuButton
              icon={<SoundOutline />}
              text={t('homework.teacher.call')}
              hint={
                c.notsubmitted
                  ? t('homework.teacher.missing', { count: c.notsubmitted })
                  : c.total === 0
                    ? t(s.type === 2 ? 'homework.teacher.noGroups' : 'homework.teacher.noStudents')
                    : t('homework.teacher.noneMissing')
              }
              onClick={() => navigate(callPath(courseId, hw.id))}
              testid="homework-call"
            />
            <MenuButton
              icon={<MessageOutline />}
              text={t('homework.discuss.title')}
              onClick={() => navigate(discussPath(courseId, 1, hw.id))}
              testid="homework-discuss"
            />
            <MenuButton
              icon={<StarOutline />}
              text={t('homework.teacher.sharedList')}
              hint={c.shared ? String(c.shared) : undefined}
              onClick={() => navigate(shareListPath(courseId, 1, hw.id))}
              testid="homework-shared"
            />
            {Number(s.dupcheck) === 1 ? (
              <MenuButton
                icon={<CheckShieldOutline />}
                text={t('homework.teacher.dupcheck')}
                onClick={() => navigate(recheckingPath(courseId, hw.id))}
                testid="homework-dupcheck"
              />
            ) : null}
            {s.type === 3 ? (
              <MenuButton
                icon={<TeamOutline />}
                text={t('homework.teacher.reviews')}
                onClick={() => navigate(reviewDetailPath(courseId, 1, hw.id))}
                testid="homework-reviews"
              />
            ) : null}
          </section>

          <section className="hw-card hw-publish-scores">
            {scoresOut ? (
              <p className="hw-publish-note" data-testid="scores-published-note">
                {t('homework.teacher.scoresOut')}
              </p>
            ) : (
              <>
                <p className="muted small">{t('homework.teacher.scoresHidden', { count: c.graded })}</p>
                <Button
                  block
                  color="primary"
                  shape="rounded"
                  disabled={busy || c.graded === 0}
                  onClick={() => void publishScores()}
                  data-testid="publish-scores"
                >
                  {t('homework.teacher.publishScores')}
                </Button>
              </>
            )}
          </section>
        </>
      ) : (
        <p className="activity-note muted small hw-draft-note" data-testid="homework-not-out">
          {t('homework.teacher.notOut')}
        </p>
      )}
    </div>
  );
}

function MenuButton({
  icon,
  text,
  hint,
  onClick,
  testid,
}: {
  icon: ReactNode;
  text: string;
  hint?: string;
  onClick: () => void;
  testid: string;
}) {
  return (
    <button type="button" className="hw-menu-row" onClick={onClick} data-testid={testid}>
      <span className="hw-menu-icon">{icon}</span>
      <span className="hw-menu-text">{text}</span>
      {hint ? <span className="hw-menu-hint muted small">{hint}</span> : null}
      <RightOutline className="hw-menu-arrow" aria-hidden="true" />
    </button>
  );
}
