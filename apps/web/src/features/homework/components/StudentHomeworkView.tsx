import { SUBMISSION_STATES } from '@paiclass/shared';
import { Button, Tag } from 'antd-mobile';
import {
  ClockCircleOutline,
  ExclamationCircleOutline,
  EyeOutline,
  HistogramOutline,
  MessageOutline,
  RightOutline,
  StarOutline,
  TeamOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { memberPath } from '../../members/paths';
import { classmatesWorkPath, discussPath, historyPath, reviewDetailPath, shareListPath, stuWorkSubmitPath } from '../paths';
import type { Homework } from '../types';
import { HomeworkInfo } from './HomeworkInfo';
import { SubmissionCard } from './SubmissionCard';

/**
 * A student's homework: the homework, where their work stands (spec 2 §4), and what they can do:
 * submit or resubmit while a submission is taken, see their versions and the shared work. Group
 * homework is one submission for the whole group; a student without a group is told why they
 * cannot submit yet.
 */
export function StudentHomeworkView({ courseId, hw }: { courseId: number; hw: Homework }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mine = hw.mine ?? null;
  const state = Number(hw.state ?? 0);
  const group = hw.settings.type === 2;
  const noGroup = group && Number(hw.ingroup) === 0;
  const canSubmit = Number(hw.cansubmit) === 1;
  const late = Number(hw.late) === 1;

  return (
    <div className="page-body hw-body hw-student" data-testid="homework-student" data-state={state}>
      <HomeworkInfo hw={hw} manager={false} />

      <section className="hw-card hw-mine" data-testid="my-work">
        <h2 className="hw-section-title">{group ? t('homework.student.groupWork') : t('homework.student.myWork')}</h2>

        {noGroup ? (
          <div className="hw-note is-warning" data-testid="no-group-note">
            <ExclamationCircleOutline />
            <span>
              {t('homework.student.noGroup')}{' '}
              <button
                type="button"
                className="text-link"
                onClick={() => navigate(memberPath(courseId, 'groups'))}
                data-testid="no-group-join"
              >
                {t('homework.student.joinGroup')}
              </button>
            </span>
          </div>
        ) : null}

        {!noGroup && Number(hw.called) === 1 ? (
          <div className="hw-note is-danger" data-testid="called-note">
            <ClockCircleOutline />
            <span>{t('homework.student.called')}</span>
          </div>
        ) : null}

        {!noGroup && late && canSubmit && state !== SUBMISSION_STATES.returned ? (
          <div className="hw-note is-warning" data-testid="late-note">
            <ClockCircleOutline />
            <span>{t('homework.student.lateAllowed')}</span>
          </div>
        ) : null}
        {!noGroup && late && !canSubmit && state === SUBMISSION_STATES.notSubmitted ? (
          <div className="hw-note is-danger" data-testid="closed-note">
            <ClockCircleOutline />
            <span>{t('homework.student.closed')}</span>
          </div>
        ) : null}

        {mine ? (
          <SubmissionCard submission={mine} testid="my-submission" showWho={group}>
            {state === SUBMISSION_STATES.gradedUnpublished ? (
              <p className="muted small" data-testid="score-hidden-note">
                {t('homework.student.scoreHidden')}
              </p>
            ) : null}
            {state === SUBMISSION_STATES.returned ? (
              <p className="muted small" data-testid="returned-note">
                {late ? t('homework.student.returnedLate') : t('homework.student.returned')}
              </p>
            ) : null}
          </SubmissionCard>
        ) : !noGroup ? (
          <p className="muted small hw-nothing" data-testid="nothing-submitted">
            {group ? t('homework.student.groupNothing') : t('homework.student.nothing')}
          </p>
        ) : null}

        {!noGroup && canSubmit ? (
          <Button
            block
            color="primary"
            shape="rounded"
            className="hw-submit-button"
            onClick={() => navigate(stuWorkSubmitPath(courseId, hw.id))}
            data-testid={mine ? 'homework-resubmit' : 'homework-submit'}
          >
            <UploadOutline /> {mine ? t('homework.student.resubmit') : t('homework.student.submit')}
          </Button>
        ) : null}
      </section>

      <section className="hw-card hw-menu">
        {mine ? (
          <button
            type="button"
            className="hw-menu-row"
            onClick={() => navigate(historyPath(courseId, 0, hw.id))}
            data-testid="homework-history"
          >
            <span className="hw-menu-icon">
              <HistogramOutline />
            </span>
            <span className="hw-menu-text">{t('homework.student.history')}</span>
            <span className="hw-menu-hint muted small">{t('homework.student.versions', { count: mine.version })}</span>
            <RightOutline className="hw-menu-arrow" aria-hidden="true" />
          </button>
        ) : null}
        <button
          type="button"
          className="hw-menu-row"
          onClick={() => navigate(discussPath(courseId, 0, hw.id))}
          data-testid="homework-discuss"
        >
          <span className="hw-menu-icon">
            <MessageOutline />
          </span>
          <span className="hw-menu-text">{t('homework.discuss.title')}</span>
          <RightOutline className="hw-menu-arrow" aria-hidden="true" />
        </button>
        <button
          type="button"
          className="hw-menu-row"
          onClick={() => navigate(shareListPath(courseId, 0, hw.id))}
          data-testid="homework-shared"
        >
          <span className="hw-menu-icon">
            <StarOutline />
          </span>
          <span className="hw-menu-text">{t('homework.student.shared')}</span>
          <RightOutline className="hw-menu-arrow" aria-hidden="true" />
        </button>
        {hw.settings.type !== 3 && hw.settings.classmateswork !== 0 ? (
          <button
            type="button"
            className="hw-menu-row"
            onClick={() => navigate(classmatesWorkPath(courseId, hw.id))}
            data-testid="homework-classmates"
          >
            <span className="hw-menu-icon">
              <EyeOutline />
            </span>
            <span className="hw-menu-text">{t('homework.student.classmates')}</span>
            <span className="hw-menu-hint">
              <Tag color="warning" fill="solid" className="hw-vip-tag">
                VIP
              </Tag>
            </span>
            <RightOutline className="hw-menu-arrow" aria-hidden="true" />
          </button>
        ) : null}
        {hw.settings.type === 3 ? (
          <button
            type="button"
            className="hw-menu-row"
            onClick={() => navigate(reviewDetailPath(courseId, 0, hw.id))}
            data-testid="homework-reviews"
          >
            <span className="hw-menu-icon">
              <TeamOutline />
            </span>
            <span className="hw-menu-text">{t('homework.student.reviews')}</span>
            <RightOutline className="hw-menu-arrow" aria-hidden="true" />
          </button>
        ) : null}
      </section>
    </div>
  );
}
