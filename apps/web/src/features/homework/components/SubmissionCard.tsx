import { SUBMISSION_STATES } from '@paiclass/shared';
import { Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translations';
import { formatTime } from '../../materials/utils';
import type { Submission } from '../types';
import { formatScore } from '../utils';
import { FileLinks } from './FileLinks';
import { WorkAnswer } from './WorkAnswer';
import { WorkStateTag } from './WorkStateTag';

/**
 * A submission as a card: who handed it in (and their group), when, overtime or not, its message
 * and files; the score and the teacher's comment where the reader may see them; the reason it was
 * returned or shared. `testid` names the card; its parts are `<testid>-…`.
 */
export function SubmissionCard({
  submission: s,
  testid,
  showState = true,
  showWho = true,
  shareReason = false,
  showScore = true,
  children,
}: {
  submission: Submission;
  testid: string;
  showState?: boolean;
  showWho?: boolean;
  /** the shared list shows why the teacher shared it */
  shareReason?: boolean;
  /** a classmate's shared work shows no score or comment to other students */
  showScore?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const scored = showScore && s.score !== null && s.score !== undefined;
  return (
    <article className="hw-card hw-submission" data-testid={testid} data-sid={s.sid} data-state={s.state}>
      <div className="hw-submission-head">
        {showWho ? (
          <span className="hw-submission-who" data-testid={`${testid}-who`}>
            {s.groupname ? (
              <>
                <span data-testid={`${testid}-group`}>{s.groupname}</span>
                <span className="muted small"> · {t('homework.submission.by', { name: s.username })}</span>
              </>
            ) : (
              s.username
            )}
          </span>
        ) : null}
        {showState ? <WorkStateTag state={s.state} testid={`${testid}-state`} /> : null}
        {Number(s.overtime) === 1 && s.state !== SUBMISSION_STATES.late ? (
          <Tag color="warning" fill="outline" className="hw-tag" data-testid={`${testid}-overtime`}>
            {t('homework.submission.overtime')}
          </Tag>
        ) : null}
      </div>
      <p className="muted small hw-submission-time" data-testid={`${testid}-time`}>
        {t('homework.submission.time', { time: formatTime(Number(s.submittime)) })}
        {Number(s.version) > 1 ? ` · ${t('homework.submission.version', { version: s.version })}` : ''}
      </p>
      {s.state === SUBMISSION_STATES.returned && s.returnreason ? (
        <div className="hw-note is-danger" data-testid={`${testid}-return-reason`}>
          <strong>{t('homework.submission.returnReason')}</strong>
          <span>{s.returnreason}</span>
        </div>
      ) : null}
      {shareReason && s.sharereason ? (
        <div className="hw-note is-success" data-testid={`${testid}-share-reason`}>
          <strong>{t('homework.submission.shareReason')}</strong>
          <span>{s.sharereason}</span>
        </div>
      ) : null}
      {s.message ? (
        <p className="hw-message" data-testid={`${testid}-message`}>
          {s.message}
        </p>
      ) : null}
      <WorkAnswer html={s.content} testid={`${testid}-answer`} />
      <FileLinks files={s.attachment} testid={`${testid}-file`} />
      {scored ? (
        <div className="hw-score-box" data-testid={`${testid}-score-box`}>
          <span className="hw-score" data-testid={`${testid}-score`}>
            {t('homework.submission.score', { score: formatScore(s.score) })}
          </span>
          {s.comment ? (
            <p className="hw-comment" data-testid={`${testid}-comment`}>
              <strong>{t('homework.submission.comment')}</strong>
              {s.comment}
            </p>
          ) : null}
        </div>
      ) : null}
      {children}
    </article>
  );
}
