import { Tag } from 'antd-mobile';
import { useTranslation } from '../../../../lib/translations';
import { formatTime } from '../../../materials/utils';
import type { HomeworkInfo } from '../types';
import { pastDeadline } from '../utils';

/** The homework a review page is about: title, deadline and the peer-review settings. */
export function HomeworkHead({ homework }: { homework: HomeworkInfo }) {
  const { t } = useTranslation();
  const s = homework.settings;
  const ended = pastDeadline(homework.endtime);
  return (
    <section className="peer-head" data-testid="review-homework">
      <h2 className="peer-head-title" data-testid="review-homework-title">
        {homework.title}
      </h2>
      <div className="peer-head-line muted small" data-testid="review-homework-deadline">
        {homework.endtime
          ? t(ended ? 'review.deadlinePassed' : 'review.deadline', { time: formatTime(homework.endtime) })
          : t('review.noDeadline')}
      </div>
      {Number(s.type) === 3 ? (
        <div className="peer-head-tags">
          <Tag color="primary" fill="outline">
            {t('review.reviewersTag', { count: s.reviewers })}
          </Tag>
          <Tag color="primary" fill="outline" data-testid="review-homework-anonymous">
            {s.anonymous ? t('review.anonymousTag') : t('review.namedTag')}
          </Tag>
          {s.mincomment > 0 ? (
            <Tag color="primary" fill="outline">
              {t('review.minCommentTag', { min: s.mincomment })}
            </Tag>
          ) : null}
          <Tag color="primary" fill="outline">
            {Number(s.scoremode) === 2 ? t('review.modeTeacher') : t('review.modeAverage')}
          </Tag>
          <Tag color="primary" fill="outline">
            {t('review.fullScoreTag', { full: s.fullscore })}
          </Tag>
        </div>
      ) : null}
    </section>
  );
}
