import { useQuery } from '@tanstack/react-query';
import { Button, Popup, Radio, Toast } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { BodyTestId } from '../../../../components/BodyTestId';
import { FormError } from '../../../../components/FormError';
import { errorMessage } from '../../../../lib/api';
import { useTranslation } from '../../../../lib/translations';
import { retryNetworkOnly } from '../../../courses/api';
import { bankIoApi } from '../../api.bankio';
import './bank-io.css';

/**
 * Copies the chosen questions into the bank of another course the teacher keeps (teacher or
 * assistant there too, issue 14). The copies are new questions: editing one changes no other.
 */
export function BankCopyPopup({
  courseId,
  ids,
  open,
  onClose,
  onCopied,
}: {
  courseId: number;
  ids: number[];
  open: boolean;
  onClose: () => void;
  onCopied: () => void;
}) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<number>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const targets = useQuery({
    queryKey: ['exams', courseId, 'copyTargets'],
    queryFn: () => bankIoApi.copyTargets(courseId),
    enabled: open,
    retry: retryNetworkOnly,
  });
  useEffect(() => {
    if (open) {
      setError(undefined);
      setTarget(undefined);
    }
  }, [open]);

  const copy = async () => {
    if (!target) return setError(t('exams.teacher.bankio.chooseCourse'));
    setBusy(true);
    setError(undefined);
    try {
      const done = await bankIoApi.copyQuestions(courseId, ids, target);
      const name = targets.data?.list.find((c) => c.courseid === target)?.coursename ?? '';
      Toast.show({ icon: 'success', content: t('exams.teacher.bankio.copied', { count: done.count, course: name }) });
      onCopied();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const list = targets.data?.list ?? [];
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet-popup bank-io-sheet">
      <BodyTestId id="bank-copy-popup" />
      <div className="sheet-head">
        <span className="sheet-title">{t('exams.teacher.bankio.copyTitle', { count: ids.length })}</span>
        <button
          type="button"
          className="icon-button"
          onClick={onClose}
          aria-label={t('common.close')}
          data-testid="bank-copy-close"
        >
          <CloseOutline />
        </button>
      </div>
      <p className="muted small bank-io-rules">{t('exams.teacher.bankio.copyHint')}</p>
      {targets.isPending ? (
        <p className="muted small">{t('common.loading')}</p>
      ) : targets.isError ? (
        <FormError message={errorMessage(targets.error)} testid="bank-copy-targets-error" />
      ) : list.length === 0 ? (
        <p className="muted small" data-testid="bank-copy-none">
          {t('exams.teacher.bankio.noTargets')}
        </p>
      ) : (
        <Radio.Group value={target} onChange={(v) => setTarget(Number(v))}>
          <ul className="bank-io-targets">
            {list.map((c) => (
              <li key={c.courseid}>
                <Radio value={c.courseid} data-testid="bank-copy-target" data-id={c.courseid}>
                  <span className="bank-io-target-name">{c.coursename}</span>
                  {c.classname ? <span className="muted small"> · {c.classname}</span> : null}
                </Radio>
              </li>
            ))}
          </ul>
        </Radio.Group>
      )}
      <FormError message={error} testid="bank-copy-error" />
      <Button
        block
        color="primary"
        loading={busy}
        disabled={list.length === 0 || ids.length === 0}
        onClick={() => void copy()}
        data-testid="bank-copy-go"
      >
        {t('exams.teacher.bankio.copyGo', { count: ids.length })}
      </Button>
    </Popup>
  );
}
