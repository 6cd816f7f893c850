import { Button, ErrorBlock } from 'antd-mobile';
import { useState } from 'react';
import { PageNavBar } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { interactPaths } from '../../interact/paths';
import type { QuestionImport } from '../api.bankio';
import { BankImportPanel } from '../components/teacher/BankImportPopup';
import { teacherTestPaths } from '../components/teacher/paths';
import '../components/teacher/teacher.css';

/** What the imported questions go on to make: `source` 3 an interactive answer, 6 (the default) a test. */
const SOURCES = { 3: 'interact', 6: 'test' } as const;

/**
 * /courseware/importFile?courseId=&courseRole=1&source= (spec 2 §2: the import step when creating a
 * test or an interactive answer, issue 14): questions from a filled Excel or Word template go into
 * the course's bank — all of them or, with one wrong, none — and the teacher goes on to make the
 * test (the questions chosen in its picker) or the interactive answer (the questions ticked) of them.
 */
export default function ImportFilePage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const [params] = useSearchParams();
  const source = SOURCES[Number(params.get('source')) as keyof typeof SOURCES] ?? 'test';
  return (
    <div className="page activity-page exam-page" data-testid="import-file-page" data-source={source}>
      <PageNavBar title={t('exams.teacher.importFile.title')} />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) => <ImportStep courseId={course.id} source={source} />}
      </CourseGate>
    </div>
  );
}

function ImportStep({ courseId, source }: { courseId: number; source: 'interact' | 'test' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [added, setAdded] = useState<QuestionImport | null>(null);
  const next = (ids: number[]) =>
    navigate(
      `${source === 'interact' ? interactPaths.create(courseId) : teacherTestPaths.create(courseId)}&questionids=${ids.join(',')}`,
      { replace: true },
    );
  return (
    <div className="page-body exam-form">
      <div className="form-card">
        <p className="muted small exam-offline-hint">{t(`exams.teacher.importFile.hint.${source}`)}</p>
        <BankImportPanel courseId={courseId} onImported={setAdded} />
      </div>
      {added && added.problems.length === 0 ? (
        <div className="form-card" data-testid="import-file-done">
          {added.ids.length > 0 ? (
            <Button block color="primary" onClick={() => next(added.ids)} data-testid="import-file-next">
              {t(`exams.teacher.importFile.next.${source}`, { count: added.ids.length })}
            </Button>
          ) : (
            <ErrorBlock status="empty" title={t('exams.teacher.importFile.none')} />
          )}
        </div>
      ) : null}
    </div>
  );
}
