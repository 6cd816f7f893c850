import { CODES } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, ErrorBlock, Skeleton, Tabs, Tag } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { PageNavBar } from '../../../components/PageNavBar';
import { UserAvatar } from '../../../components/UserAvatar';
import { ApiError, errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { courseKeys, coursesApi, retryNetworkOnly } from '../api';
import { EnrollAnswers } from '../components/EnrollAnswers';
import { LoadFailed, NoPermission } from '../components/NoPermission';
import { courseCan } from '../courseAuth';
import { useCourseParam } from '../hooks/useCourseParam';
import { useEnrollReview } from '../hooks/useEnrollReview';
import type { EnrollRequest } from '../types';
import { courseHomePath } from '../utils';

const STATES = [0, 1, 2] as const;

/** Request time as the reviewer reads it: 2026-09-01 08:30. */
export function formatTime(seconds: number) {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** /enrollReview?courseId=: enrolment requests by state; approve or reject in bulk or one by one (spec 1 §2). */
export default function EnrollReviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courseId = useCourseParam();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('state') ?? 0);
  const state = (STATES as readonly number[]).includes(raw) ? (raw as 0 | 1 | 2) : 0;
  const allowed = courseId !== null && courseCan(courseId, 'manageEnroll');
  const list = useQuery({
    queryKey: courseKeys.enrollList(courseId ?? 0, state),
    queryFn: () => coursesApi.enrollList(courseId!, state),
    enabled: allowed,
    retry: retryNetworkOnly,
  });

  let body: ReactNode;
  if (courseId === null) body = <LoadFailed message={t('validation.courseId')} />;
  else if (!allowed || (list.error instanceof ApiError && list.error.code === CODES.forbidden)) body = <NoPermission />;
  else
    body = (
      <>
        <Tabs
          activeKey={String(state)}
          onChange={(key) => setParams({ courseId: String(courseId), state: key }, { replace: true })}
          className="course-tabs"
        >
          {STATES.map((s) => (
            <Tabs.Tab key={String(s)} title={<span data-testid={`review-tab-${s}`}>{t(`courses.review.tab${s}`)}</span>} />
          ))}
        </Tabs>
        {list.isPending ? (
          <div className="page-body">
            <Skeleton.Paragraph lineCount={5} animated />
          </div>
        ) : list.isError ? (
          <LoadFailed message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : (
          <ReviewList key={state} courseId={courseId} state={state} rows={list.data} />
        )}
      </>
    );

  return (
    <div className="page review-page" data-testid="enroll-review-page">
      <PageNavBar title={t('courses.review.title')} onBack={courseId ? () => navigate(courseHomePath(courseId, 1)) : undefined} />
      {body}
    </div>
  );
}

function ReviewList({ courseId, state, rows }: { courseId: number; state: 0 | 1 | 2; rows: EnrollRequest[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { review, busy } = useEnrollReview(courseId);
  const [selected, setSelected] = useState<number[]>([]);
  const waiting = state === 0;

  if (rows.length === 0) {
    return (
      <div className="page-body page-center" data-testid="review-empty">
        <ErrorBlock status="empty" title={t(`courses.review.empty${state}`)} description="" />
      </div>
    );
  }

  const act = async (ids: number[], next: 1 | 2) => {
    if (await review(ids, next)) setSelected((current) => current.filter((id) => !ids.includes(id)));
  };
  const allChecked = selected.length === rows.length;

  return (
    <>
      <ul className={`review-list${waiting ? ' has-bar' : ''}`}>
        {rows.map((row) => (
          <li key={row.id} className="review-row" data-testid="review-row" data-id={row.id}>
            {waiting ? (
              <Checkbox
                className="review-check"
                checked={selected.includes(row.id)}
                onChange={(checked) =>
                  setSelected((current) => (checked ? [...current, row.id] : current.filter((id) => id !== row.id)))
                }
                data-testid="review-check"
                aria-label={row.username}
              />
            ) : null}
            <div className="review-main">
              <button
                type="button"
                className="review-person"
                onClick={() => navigate(`/enrollDetail?courseId=${courseId}&id=${row.id}`)}
                data-testid="review-open"
              >
                <UserAvatar name={row.username} src={row.avatar || undefined} size={36} testid="review-avatar" />
                <span className="review-person-text">
                  <span className="review-name" data-testid="review-name">
                    {row.username}
                  </span>
                  <span className="muted small" data-testid="review-stno">
                    {row.stno ? t('courses.review.stno', { stno: row.stno }) : t('courses.review.noStno')}
                  </span>
                </span>
                <span className="muted small review-time">{formatTime(row.createtime)}</span>
                <RightOutline className="muted" />
              </button>
              <EnrollAnswers answers={row.answers} />
              {waiting ? (
                <div className="review-actions">
                  <Button
                    size="small"
                    shape="rounded"
                    onClick={() => void act([row.id], 2)}
                    disabled={busy !== null}
                    data-testid="review-row-reject"
                  >
                    {t('courses.review.reject')}
                  </Button>
                  <Button
                    size="small"
                    shape="rounded"
                    color="primary"
                    onClick={() => void act([row.id], 1)}
                    disabled={busy !== null}
                    data-testid="review-row-approve"
                  >
                    {t('courses.review.approve')}
                  </Button>
                </div>
              ) : (
                <Tag
                  color={row.state === 1 ? 'success' : 'danger'}
                  fill="outline"
                  className="review-state"
                  data-testid="review-state"
                >
                  {row.state === 1 ? t('courses.review.tab1') : t('courses.review.tab2')}
                </Tag>
              )}
            </div>
          </li>
        ))}
      </ul>
      {waiting ? (
        <div className="review-bar">
          <Checkbox
            checked={allChecked}
            indeterminate={selected.length > 0 && !allChecked}
            onChange={(checked) => setSelected(checked ? rows.map((r) => r.id) : [])}
            data-testid="review-select-all"
          >
            {t('courses.review.selectAll')}
          </Checkbox>
          <span className="muted small review-count" data-testid="review-selected">
            {t('courses.review.selected', { count: selected.length })}
          </span>
          <Button
            size="small"
            shape="rounded"
            color="danger"
            fill="outline"
            loading={busy === 2}
            onClick={() => void act(selected, 2)}
            data-testid="review-bulk-reject"
          >
            {t('courses.review.reject')}
          </Button>
          <Button
            size="small"
            shape="rounded"
            color="primary"
            loading={busy === 1}
            onClick={() => void act(selected, 1)}
            data-testid="review-bulk-approve"
          >
            {t('courses.review.approve')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
