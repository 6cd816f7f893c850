import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { BodyTestId } from '../../../components/BodyTestId';
import { useTranslation } from '../../../lib/translations';
import { useLast } from '../../materials/hooks/useLast';
import { GradeForm } from './GradeForm';

export interface GradeTarget {
  sids: number[];
  /** who is graded: one name, or how many */
  label: string;
  score?: number | null;
  comment?: string;
}

/**
 * A bottom sheet grading one submission or a batch with one score and comment (spec 2 §5). The
 * sheet is `grade-popup`; the form's ids are `grade-…` (see GradeForm).
 */
export function GradePopup({
  target,
  fullscore,
  onClose,
  onSave,
}: {
  target: GradeTarget | null;
  fullscore: number;
  onClose: () => void;
  onSave: (sids: number[], score: number, comment: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const shown = useLast(target);
  return (
    <Popup visible={target !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet-popup" destroyOnClose>
      <BodyTestId id="grade-popup" />
      <div className="sheet-head">
        <span className="sheet-title">
          {shown && shown.sids.length > 1 ? t('homework.grade.batchTitle') : t('homework.grade.title')}
        </span>
        <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
          <CloseOutline />
        </button>
      </div>
      <p className="sheet-tip" data-testid="grade-popup-who">
        {shown?.label}
      </p>
      {shown ? (
        <GradeForm
          key={shown.sids.join(',')}
          prefix="grade"
          fullscore={fullscore}
          initialScore={shown.score}
          initialComment={shown.comment}
          onSave={(score, comment) => onSave(shown.sids, score, comment)}
        />
      ) : null}
    </Popup>
  );
}
