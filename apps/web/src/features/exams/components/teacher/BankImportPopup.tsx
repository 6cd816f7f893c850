import { type BankFileFormat, QUESTION_IMPORT_MAX_BYTES, QUESTION_IMPORT_ROWS_MAX } from '@paiclass/shared';
import { Button, Popup, ProgressBar, Toast } from 'antd-mobile';
import { CloseOutline, DownlandOutline, UploadOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { BodyTestId } from '../../../../components/BodyTestId';
import { FormError } from '../../../../components/FormError';
import { errorMessage, showApiError } from '../../../../lib/api';
import { useTranslation } from '../../../../lib/translations';
import { saveBlob } from '../../../scores/api';
import { bankIoApi, type QuestionImport } from '../../api.bankio';
import './bank-io.css';

/**
 * Imports questions from a filled template (issue 14): download the Excel or Word template, fill it
 * in, upload it. A file with any wrong question writes nothing and lists every problem by row (and
 * question number, in a document) with its field; a good one says how many questions were added.
 */
export function BankImportPopup({
  courseId,
  open,
  onClose,
  onImported,
}: {
  courseId: number;
  open: boolean;
  onClose: () => void;
  onImported: () => unknown;
}) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet-popup bank-io-sheet" destroyOnClose>
      <BodyTestId id="bank-import-popup" />
      <div className="sheet-head">
        <span className="sheet-title">{t('exams.teacher.bankio.importTitle')}</span>
        <button
          type="button"
          className="icon-button"
          onClick={onClose}
          aria-label={t('common.close')}
          data-testid="bank-import-close"
        >
          <CloseOutline />
        </button>
      </div>
      <BankImportPanel courseId={courseId} onImported={onImported} />
    </Popup>
  );
}

/**
 * The import's steps, its progress and its outcome; `onImported` hears the questions added (the
 * bank's popup, and `/courseware/importFile` which goes on to make a test or an interactive answer).
 */
export function BankImportPanel({ courseId, onImported }: { courseId: number; onImported: (added: QuestionImport) => unknown }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<QuestionImport | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<BankFileFormat | 'upload' | null>(null);
  const [progress, setProgress] = useState(0);

  const template = async (format: BankFileFormat) => {
    setBusy(format);
    try {
      const file = await bankIoApi.template(courseId, format);
      saveBlob(file.blob, file.name);
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(null);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setResult(null);
    setError(undefined);
    if (!/\.(xlsx|docx)$/i.test(file.name)) return setError(t('exams.teacher.bankio.notAFile'));
    if (file.size > QUESTION_IMPORT_MAX_BYTES) return setError(t('exams.teacher.bankio.tooLarge'));
    setBusy('upload');
    // the server reads and checks the whole file at once: the bar shows it is at work
    setProgress(10);
    const timer = window.setInterval(() => setProgress((p) => Math.min(90, p + 8)), 300);
    try {
      const answer = await bankIoApi.importQuestions(courseId, file);
      setProgress(100);
      setResult(answer);
      if (answer.problems.length === 0) {
        Toast.show({ icon: 'success', content: t('exams.teacher.bankio.imported', { count: answer.saved }) });
        await onImported(answer);
      }
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      window.clearInterval(timer);
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  };

  const failed = result !== null && result.problems.length > 0;
  return (
    <>
      <ol className="bank-io-steps">
        <li>
          <span>{t('exams.teacher.bankio.step1')}</span>
          <div className="bank-io-buttons">
            <Button
              size="small"
              shape="rounded"
              loading={busy === 'xlsx'}
              onClick={() => void template('xlsx')}
              data-testid="bank-template-xlsx"
            >
              <DownlandOutline /> {t('exams.teacher.bankio.templateXlsx')}
            </Button>
            <Button
              size="small"
              shape="rounded"
              loading={busy === 'docx'}
              onClick={() => void template('docx')}
              data-testid="bank-template-docx"
            >
              <DownlandOutline /> {t('exams.teacher.bankio.templateDocx')}
            </Button>
          </div>
        </li>
        <li>
          <span>{t('exams.teacher.bankio.step2')}</span>
        </li>
        <li>
          <span>{t('exams.teacher.bankio.step3')}</span>
          <Button
            size="small"
            shape="rounded"
            color="primary"
            loading={busy === 'upload'}
            onClick={() => input.current?.click()}
            data-testid="bank-import-choose"
          >
            <UploadOutline /> {t('exams.teacher.bankio.chooseFile')}
          </Button>
        </li>
      </ol>
      <input
        ref={input}
        type="file"
        hidden
        accept=".xlsx,.docx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        onChange={(e) => void upload(e.target.files?.[0])}
        data-testid="bank-import-file"
      />
      {busy === 'upload' ? (
        <div className="bank-io-progress" data-testid="bank-import-progress">
          <ProgressBar percent={progress} />
          <span className="muted small">{t('exams.teacher.bankio.checking')}</span>
        </div>
      ) : null}
      <p className="muted small bank-io-rules">{t('exams.teacher.bankio.rules', { max: QUESTION_IMPORT_ROWS_MAX })}</p>
      <FormError message={error} testid="bank-import-error" />
      {result && !failed ? (
        <div className="bank-io-result" data-testid="bank-import-result">
          {t('exams.teacher.bankio.imported', { count: result.saved })}
        </div>
      ) : null}
      {failed ? (
        <div className="bank-io-problems" data-testid="bank-import-problems">
          <div className="bank-io-problems-head" role="alert">
            {t('exams.teacher.bankio.failed', { count: result.problems.length })}
          </div>
          <ul>
            {result.problems.map((p) => (
              <li key={`${p.row}-${p.field}-${p.message}`} data-testid="bank-import-problem">
                <strong>
                  {p.number
                    ? t('exams.teacher.bankio.question', { number: p.number, row: p.row })
                    : t('exams.teacher.bankio.row', { row: p.row })}
                </strong>
                {p.field ? <span className="muted"> · {p.field}</span> : null}
                <div>{p.message}</div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
