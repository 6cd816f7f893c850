import { Button, Popup, Toast } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { BodyTestId } from '../../../components/BodyTestId';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { materialsApi } from '../api';
import { useLast } from '../hooks/useLast';
import type { ContentItem } from '../types';
import { formatTime, fromLocalInput, toLocalInput } from '../utils';
import { DateTimeField } from '../../../components/DateTimeField';

/** Sets or clears an item's end time (setEndTime); the server refuses a past time or one before publishing. */
export function EndTimePopup({
  courseId,
  item,
  onClose,
  onSaved,
}: {
  courseId: number;
  item: ContentItem | null;
  onClose: () => void;
  onSaved: () => unknown;
}) {
  const { t } = useTranslation();
  const shown = useLast(item);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!item) return;
    setValue(toLocalInput(Number(item.endtime)));
    setError(undefined);
  }, [item]);

  const save = async (seconds: number) => {
    if (!shown) return;
    setSaving(true);
    setError(undefined);
    try {
      await materialsApi.setEndTime(courseId, shown.id, seconds);
      Toast.show({ content: seconds ? t('materials.endTime.saved') : t('materials.endTime.cleared') });
      onClose();
      await onSaved();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const submit = () => {
    const seconds = fromLocalInput(value);
    if (!seconds) return setError(t('materials.endTime.required'));
    if (seconds * 1000 <= Date.now()) return setError(t('validation.timePast'));
    void save(seconds);
  };

  const current = Number(shown?.endtime ?? 0);
  return (
    <Popup visible={item !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet-popup">
      <BodyTestId id="end-time-popup" />
      <div className="sheet-head">
        <span className="sheet-title">{t('materials.endTime.title')}</span>
        <button
          type="button"
          className="icon-button"
          onClick={onClose}
          aria-label={t('common.close')}
          data-testid="end-time-close"
        >
          <CloseOutline />
        </button>
      </div>
      <p className="sheet-tip">
        <span className="material-sheet-item">{shown?.title}</span>
        <br />
        <span data-testid="end-time-current">
          {current ? t('materials.endTime.current', { time: formatTime(current) }) : t('materials.endTime.none')}
        </span>
      </p>
      <DateTimeField
        testid="end-time-input"
        label={t('materials.endTime.label')}
        value={value}
        min={toLocalInput(Math.floor(Date.now() / 1000) + 60)}
        onChange={(v) => {
          setValue(v);
          setError(undefined);
        }}
        error={error}
        hint={t('materials.endTime.hint')}
      />
      <div className="material-sheet-buttons">
        {current ? (
          <Button shape="rounded" fill="outline" disabled={saving} onClick={() => void save(0)} data-testid="end-time-clear">
            {t('materials.endTime.clear')}
          </Button>
        ) : null}
        <Button shape="rounded" color="primary" loading={saving} onClick={submit} data-testid="end-time-save">
          {t('materials.endTime.save')}
        </Button>
      </div>
    </Popup>
  );
}
