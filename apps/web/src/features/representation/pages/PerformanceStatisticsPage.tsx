import { STAR_EVENT, STAR_REASON_MAX, STAR_REASONS } from '@paiclass/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Input, Popup, Selector, Skeleton, Stepper, Tag, Toast } from 'antd-mobile';
import { StarFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { UserAvatar } from '../../../components/UserAvatar';
import { showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useClassroom, useSocketEvent } from '../../../lib/socket';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { type StarStudent, starKeys, starsApi } from '../api';
import '../representation.css';

/**
 * /representation/performanceStatistics?courseId=&courseRole=1: the course's students with their
 * stars, most first; tapping one opens a sheet to award 1-5 stars with a reason or take some back
 * (decision 023). Kept live by `Representation.star` on the staff room.
 */
export default function PerformanceStatisticsPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const goBack = useGoBack(courseId ? `/courseHome?courseId=${courseId}&courseRole=1` : undefined);
  return (
    <div className="page star-page" data-testid="star-statistics">
      <PageNavBar title={t('representation.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="teachClass">
        {(course) => <Statistics courseId={course.id} />}
      </CourseGate>
    </div>
  );
}

function Statistics({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stats = useQuery({ queryKey: starKeys.statistics(courseId), queryFn: () => starsApi.statistics(courseId) });
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<StarStudent | null>(null);
  useClassroom(courseId);
  // another teacher or assistant gave stars: the list follows
  useSocketEvent(STAR_EVENT, (data) => {
    if ((data as { courseid?: number }).courseid === courseId)
      void queryClient.invalidateQueries({ queryKey: starKeys.all(courseId) });
  });

  if (stats.isPending)
    return (
      <div className="page-body star-body">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (stats.isError)
    return (
      <div className="page-body star-body">
        <QueryFailed error={stats.error} onRetry={() => void stats.refetch()} />
      </div>
    );
  const data = stats.data;
  // the sheet shows the student's current numbers after each change
  const current = chosen ? (data.list.find((s) => s.uid === chosen.uid) ?? chosen) : null;
  return (
    <div className="page-body star-body">
      <section className="star-card star-summary" data-testid="star-summary">
        <span className="star-total">{t('representation.givenInAll', { count: data.total })}</span>
        <Button
          size="mini"
          fill="outline"
          onClick={() => navigate(`/analysis/detail?courseId=${courseId}&courseRole=1`)}
          data-testid="star-records"
        >
          {t('classRecord.entry')}
        </Button>
        <Button
          size="mini"
          fill="outline"
          onClick={() => navigate(`/analysis/studyAnalysis?courseId=${courseId}&courseRole=1`)}
          data-testid="star-study"
        >
          {t('analysis.study.entry')}
        </Button>
        {data.classtimeid ? (
          <Tag color="success" fill="outline" data-testid="star-in-class">
            {t('representation.inClass')}
          </Tag>
        ) : (
          <span className="muted small">{t('representation.notInClass')}</span>
        )}
      </section>
      {data.list.length === 0 ? (
        <ErrorBlock status="empty" title={t('representation.noStudents')} description="" data-testid="star-students-empty" />
      ) : (
        <ul className="star-students" data-testid="star-students">
          {data.list.map((s) => (
            <li key={s.uid}>
              <button
                type="button"
                className="star-student"
                onClick={() => setChosen(s)}
                data-testid="star-student"
                data-uid={s.uid}
                data-total={s.total}
              >
                <span className={s.rank <= 3 && s.total > 0 ? 'star-rank is-top' : 'star-rank'}>{s.rank}</span>
                <UserAvatar name={s.username} src={s.avatar || undefined} size={36} testid="star-avatar" />
                <span className="star-student-text">
                  <span className="star-student-name">{s.username}</span>
                  {s.stno ? <span className="muted small">{s.stno}</span> : null}
                </span>
                {s.inclass ? <span className="star-inclass">{t('representation.thisClass', { count: s.inclass })}</span> : null}
                <span className="star-count" data-testid="star-student-total">
                  <StarFill className="star-icon" aria-hidden="true" />
                  {s.total}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Popup
        visible={current !== null}
        onMaskClick={() => setChosen(null)}
        onClose={() => setChosen(null)}
        bodyStyle={{ borderRadius: '12px 12px 0 0' }}
      >
        {current ? (
          <AwardSheet
            courseId={courseId}
            student={current}
            stepMax={data.stepmax}
            limit={data.limit}
            onDone={() => void queryClient.invalidateQueries({ queryKey: starKeys.all(courseId) })}
            onClose={() => setChosen(null)}
          />
        ) : null}
      </Popup>
    </div>
  );
}

/** The sheet of one student: how many stars, a ready or typed reason, award or take back, and their log. */
function AwardSheet({
  courseId,
  student,
  stepMax,
  limit,
  onDone,
  onClose,
}: {
  courseId: number;
  student: StarStudent;
  stepMax: number;
  limit: number;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [stars, setStars] = useState(1);
  const [preset, setPreset] = useState<string[]>([STAR_REASONS[0]]);
  const [typed, setTyped] = useState('');
  const reason = typed.trim() || (preset[0] ? t(`representation.reasons.${preset[0]}`) : '');
  const change = useMutation({
    mutationFn: (sign: 1 | -1) =>
      (sign > 0 ? starsApi.add : starsApi.takeBack)({ courseid: courseId, uid: student.uid, stars, reason }),
    onSuccess: (answer, sign) => {
      Toast.show({
        content: sign > 0 ? t('representation.awarded', { count: stars }) : t('representation.takenBack', { count: stars }),
      });
      onDone();
      if (answer.total === 0 || sign > 0) setTyped('');
    },
    onError: showApiError,
  });
  return (
    <div className="star-sheet" data-testid="star-sheet">
      <div className="star-sheet-head">
        <UserAvatar name={student.username} src={student.avatar || undefined} size={40} testid="star-sheet-avatar" />
        <span className="star-sheet-title">{student.username}</span>
        <span className="star-count" data-testid="star-sheet-total">
          <StarFill className="star-icon" aria-hidden="true" />
          {student.total}
        </span>
      </div>
      <div className="star-sheet-row">
        <span>{t('representation.howMany')}</span>
        <Stepper
          min={1}
          max={stepMax}
          value={stars}
          onChange={(v) => setStars(v)}
          data-testid="star-stepper"
          aria-label={t('representation.howMany')}
        />
      </div>
      <div>
        <p className="muted small">{t('representation.reason')}</p>
        <Selector
          columns={2}
          options={STAR_REASONS.map((r) => ({ label: t(`representation.reasons.${r}`), value: r }))}
          value={preset}
          onChange={(v) => setPreset(v)}
          data-testid="star-reasons"
        />
      </div>
      <Input
        placeholder={t('representation.ownReason')}
        value={typed}
        onChange={setTyped}
        maxLength={STAR_REASON_MAX}
        clearable
        data-testid="star-reason-input"
      />
      <p className="muted small">{t('representation.limitHint', { limit, count: student.inclass })}</p>
      <div className="star-sheet-actions">
        <Button
          fill="outline"
          disabled={student.total === 0}
          loading={change.isPending && change.variables === -1}
          onClick={() => change.mutate(-1)}
          data-testid="star-take-back"
        >
          {t('representation.takeBack')}
        </Button>
        <Button
          color="primary"
          loading={change.isPending && change.variables === 1}
          onClick={() => change.mutate(1)}
          data-testid="star-award"
        >
          {t('representation.award', { count: stars })}
        </Button>
      </div>
      <Button
        fill="none"
        size="small"
        onClick={() => {
          onClose();
          navigate(`/representation/starlog?courseId=${courseId}&courseRole=1&uid=${student.uid}`);
        }}
        data-testid="star-open-log"
      >
        {t('representation.openLog')}
      </Button>
    </div>
  );
}
