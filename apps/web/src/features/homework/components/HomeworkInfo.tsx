import { PUBLISH_STATES } from '@paiclass/shared';
import { Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { RichTextView } from '../../../components/RichTextView';
import { isRichTextEmpty } from '../../../components/richText';
import { useTranslation } from '../../../lib/translations';
import { formatTime, publishLabel } from '../../materials/utils';
import type { Homework } from '../types';
import { FileLinks } from './FileLinks';

/**
 * The homework itself: title, kind, full score, deadline and the rules students work by, then the
 * teacher's detail and files. Teachers also see its publish state.
 */
export function HomeworkInfo({ hw, manager, extra }: { hw: Homework; manager: boolean; extra?: ReactNode }) {
  const { t } = useTranslation();
  const s = hw.settings;
  const state = Number(hw.publishState) as Homework['publishState'];
  const deadline = Number(hw.endtime);
  const passed = deadline > 0 && deadline * 1000 < Date.now();
  return (
    <article className="hw-card hw-info" data-testid="homework-info" data-id={hw.id}>
      <h1 className="hw-title" data-testid="homework-title">
        {hw.title}
      </h1>
      <div className="hw-tags">
        <Tag color="primary" fill="outline" className="hw-tag" data-testid="homework-type">
          {t(`homework.type.${s.type}`)}
        </Tag>
        {manager ? (
          <Tag
            color={state === PUBLISH_STATES.published ? 'success' : state === PUBLISH_STATES.scheduled ? 'warning' : 'default'}
            fill="outline"
            className="hw-tag"
            data-testid="homework-publish-state"
          >
            {state === PUBLISH_STATES.scheduled && hw.publish_time
              ? t('homework.publishAt', { time: formatTime(Number(hw.publish_time)) })
              : publishLabel(t, state)}
          </Tag>
        ) : null}
        {Number(s.scorespublished) === 1 ? (
          <Tag color="success" fill="outline" className="hw-tag" data-testid="homework-scores-published">
            {t('homework.scoresPublished')}
          </Tag>
        ) : null}
      </div>
      <dl className="hw-facts">
        <div>
          <dt>{t('homework.fullScore')}</dt>
          <dd data-testid="homework-fullscore">{t('homework.points', { score: s.fullscore })}</dd>
        </div>
        <div>
          <dt>{t('homework.deadline')}</dt>
          <dd data-testid="homework-deadline" className={passed ? 'danger-text' : undefined}>
            {deadline ? formatTime(deadline) : t('homework.noDeadline')}
            {passed ? ` · ${t('homework.deadlinePassed')}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('homework.lateRule')}</dt>
          <dd data-testid="homework-late-rule">
            {Number(s.allowlate) === 1 ? t('homework.lateAllowed') : t('homework.lateRefused')}
          </dd>
        </div>
        <div>
          <dt>{t('homework.form.answerType')}</dt>
          <dd data-testid="homework-answer-type">{t(`homework.answerType.${s.answertype ?? 1}`)}</dd>
        </div>
        {s.type === 3 ? (
          <div>
            <dt>{t('homework.review.label')}</dt>
            <dd data-testid="homework-review-rule">
              {t('homework.review.rule', { count: s.reviewers })}
              {Number(s.anonymous) === 1 ? ` · ${t('homework.review.anonymous')}` : ''}
              {Number(s.mincomment) > 0 ? ` · ${t('homework.review.minComment', { count: s.mincomment })}` : ''}
            </dd>
          </div>
        ) : null}
        {manager && s.type !== 3 ? (
          <div>
            <dt>{t('homework.form.classmatesWork')}</dt>
            <dd data-testid="homework-classmates-rule">
              {Number(s.classmateswork) === 0 ? t('homework.classmatesOff') : t('homework.classmatesOn')}
            </dd>
          </div>
        ) : null}
        {manager && Number(s.dupcheck) === 1 ? (
          <div>
            <dt>{t('homework.dupcheck.label')}</dt>
            <dd data-testid="homework-dupcheck-rule">
              {t('homework.dupcheck.rule', { percent: s.dupceiling })}
              {Number(s.dupcoursewide) === 1 ? ` · ${t('homework.dupcheck.courseWide')}` : ''}
            </dd>
          </div>
        ) : null}
      </dl>
      {hw.content && !isRichTextEmpty(hw.content) ? <RichTextView html={hw.content} testid="homework-body" /> : null}
      {hw.attachment.length > 0 ? (
        <section className="hw-section">
          <h2 className="hw-section-title">{t('homework.attachments', { count: hw.attachment.length })}</h2>
          <FileLinks files={hw.attachment} testid="homework-file" />
        </section>
      ) : null}
      {extra}
    </article>
  );
}
