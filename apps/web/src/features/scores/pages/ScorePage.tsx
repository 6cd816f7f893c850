import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock, Toast } from 'antd-mobile';
import { DownlandOutline, SetOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { courseHomePath } from '../../courses/utils';
import { roleOf } from '../../notices/utils';
import { exportScores, saveBlob, scoreKeys, scoresApi } from '../api';
import { ScoreTable } from '../components/ScoreTable';
import { scoreDetailPath, setScorePath } from '../paths';
import '../scores.css';

/**
 * /score?courseId=&courseRole= (spec 2 §2 Scores): the course score book. A teacher sees every
 * student with the weights and can set them and export the book; a student sees their own row.
 */
export default function ScorePage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const role = info.data ? roleOf(info.data) : 0;
  const goBack = useGoBack(courseId ? courseHomePath(courseId, role) : undefined);
  return (
    <div className="page score-page" data-testid="score-page">
      <PageNavBar title={t('scores.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) => <Book course={course} />}
      </CourseGate>
    </div>
  );
}

function Book({ course }: { course: CourseInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const role = roleOf(course);
  const teacher = role === 1 && hasAbility(course, 'manageContent');
  const book = useQuery({
    queryKey: scoreKeys.book(course.id),
    queryFn: () => scoresApi.book(course.id),
    retry: retryNetworkOnly,
  });

  const download = async () => {
    setExporting(true);
    try {
      const file = await exportScores(course.id);
      saveBlob(file.blob, file.name);
      Toast.show({ content: t('scores.exported') });
    } catch (e) {
      showApiError(e);
    } finally {
      setExporting(false);
    }
  };

  if (book.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (book.isError) return <QueryFailed error={book.error} onRetry={() => void book.refetch()} />;
  const data = book.data;
  return (
    <div className="page-body score-body">
      <div className="score-toolbar">
        <span className="muted small" data-testid="score-summary">
          {teacher
            ? t('scores.summaryTeacher', { students: data.rows.length, items: data.columns.length })
            : t('scores.summaryStudent', { items: data.columns.length })}
        </span>
        {teacher ? (
          <span className="score-toolbar-buttons">
            <Button
              size="small"
              shape="rounded"
              onClick={() => navigate(setScorePath(course.id))}
              disabled={data.columns.length === 0}
              data-testid="score-weights"
            >
              <SetOutline /> {t('scores.weights')}
            </Button>
            <Button
              size="small"
              shape="rounded"
              color="primary"
              loading={exporting}
              onClick={() => void download()}
              data-testid="score-export"
            >
              <DownlandOutline /> {t('scores.export')}
            </Button>
          </span>
        ) : null}
      </div>
      {data.columns.length === 0 ? (
        <ErrorBlock
          status="empty"
          className="score-empty"
          title={<span data-testid="score-empty">{t('scores.noItems')}</span>}
          description={teacher ? t('scores.noItemsTeacher') : t('scores.noItemsStudent')}
        />
      ) : data.rows.length === 0 ? (
        <ErrorBlock
          status="empty"
          className="score-empty"
          title={<span data-testid="score-no-students">{t('scores.noStudents')}</span>}
          description=""
        />
      ) : (
        <>
          <ScoreTable book={data} onOpen={(uid) => navigate(scoreDetailPath(course.id, uid, role))} />
          <p className="muted small score-note">{teacher ? t('scores.noteTeacher') : t('scores.noteStudent')}</p>
        </>
      )}
    </div>
  );
}
