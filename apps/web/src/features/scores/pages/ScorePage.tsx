import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ActionSheet, Button, ErrorBlock, Toast } from 'antd-mobile';
import { AddOutline, DownlandOutline, SetOutline, UploadOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { courseHomePath } from '../../courses/utils';
import { roleOf } from '../../notices/utils';
import { exportScores, saveBlob, scoreKeys, scoresApi } from '../api';
import { ColumnFormPopup, type ColumnTarget } from '../components/ColumnFormPopup';
import { ColumnScoresPopup, type ScoresTarget } from '../components/ColumnScoresPopup';
import { ImportPopup } from '../components/ImportPopup';
import { ScoreTable } from '../components/ScoreTable';
import { scoreDetailPath, setScorePath } from '../paths';
import type { ScoreBook, ScoreColumn } from '../types';
import { isOwnColumn } from '../utils';
import '../scores.css';

/**
 * /score?courseId=&courseRole= (spec 2 §2 Scores): the course score book. A teacher (or assistant)
 * sees every student, adds their own columns (midterm, final, attendance, offline tests), types or
 * imports scores, sets the weights and exports the book; a student sees their own row.
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
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const [columnForm, setColumnForm] = useState<ColumnTarget | null>(null);
  const [entry, setEntry] = useState<ScoresTarget | null>(null);
  const [menuFor, setMenuFor] = useState<ScoreColumn | null>(null);
  const [importing, setImporting] = useState(false);
  const role = roleOf(course);
  const teacher = role === 1 && hasAbility(course, 'manageContent');
  const book = useQuery({
    queryKey: scoreKeys.book(course.id),
    queryFn: () => scoresApi.book(course.id),
    retry: retryNetworkOnly,
  });
  // a change of columns or scores changes the book and every student's detail
  const refresh = () => queryClient.invalidateQueries({ queryKey: scoreKeys.all(course.id) });
  const takeBook = (next: ScoreBook) => {
    queryClient.setQueryData(scoreKeys.book(course.id), next);
    void queryClient.invalidateQueries({ queryKey: scoreKeys.all(course.id), predicate: (q) => q.queryKey[2] === 'detail' });
  };

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
  const ownColumns = data.columns.filter(isOwnColumn);
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
            <Button size="small" shape="rounded" onClick={() => setColumnForm({ mode: 'add' })} data-testid="score-add-column">
              <AddOutline /> {t('scores.addColumn')}
            </Button>
            <Button
              size="small"
              shape="rounded"
              onClick={() => setImporting(true)}
              disabled={ownColumns.length === 0}
              data-testid="score-import"
            >
              <UploadOutline /> {t('scores.import.button')}
            </Button>
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
          <ScoreTable
            book={data}
            onOpen={(uid) => navigate(scoreDetailPath(course.id, uid, role))}
            onColumn={teacher ? setMenuFor : undefined}
            onCell={teacher ? (column, uid) => setEntry({ column, uid }) : undefined}
          />
          <p className="muted small score-note">{teacher ? t('scores.noteTeacher') : t('scores.noteStudent')}</p>
        </>
      )}
      {teacher ? (
        <>
          <ActionSheet
            visible={menuFor !== null}
            extra={<span data-testid="column-menu-title">{menuFor?.title}</span>}
            cancelText={t('common.cancel')}
            onClose={() => setMenuFor(null)}
            actions={
              menuFor
                ? [
                    {
                      key: 'scores',
                      text: <span data-testid="column-action-scores">{t('scores.typing.open')}</span>,
                      onClick: () => {
                        setEntry({ column: menuFor });
                        setMenuFor(null);
                      },
                    },
                    {
                      key: 'edit',
                      text: <span data-testid="column-action-edit">{t('scores.column.editTitle')}</span>,
                      onClick: () => {
                        setColumnForm({ mode: 'edit', column: menuFor });
                        setMenuFor(null);
                      },
                    },
                  ]
                : []
            }
          />
          <ColumnFormPopup courseId={course.id} target={columnForm} onClose={() => setColumnForm(null)} onSaved={refresh} />
          <ColumnScoresPopup courseId={course.id} book={data} target={entry} onClose={() => setEntry(null)} onSaved={takeBook} />
          <ImportPopup courseId={course.id} open={importing} onClose={() => setImporting(false)} onImported={refresh} />
        </>
      ) : null}
    </div>
  );
}
