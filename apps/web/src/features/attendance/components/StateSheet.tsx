import { useQueryClient } from '@tanstack/react-query';
import { ActionSheet, Toast } from 'antd-mobile';
import { showApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { attendanceApi, attendanceKeys } from '../api';
import { SETTABLE_STATES, stateOf } from '../utils';
import type { RecordLike } from './RecordRow';

/** The teacher sets a student's status by hand (spec 2 §4: any status but waiting). */
export function StateSheet({
  courseId,
  attenceId,
  record,
  onClose,
}: {
  courseId: number;
  attenceId: number;
  record: RecordLike | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const current = record ? stateOf(record) : null;
  const set = async (state: number) => {
    if (!record) return;
    onClose();
    try {
      await attendanceApi.setState(attenceId, Number(record.userid), state);
      Toast.show({ content: t('attendance.detail.stateSet', { name: record.username, state: t(`attendance.state.s${state}`) }) });
    } catch (e) {
      showApiError(e);
    } finally {
      await client.invalidateQueries({ queryKey: attendanceKeys.all(courseId) });
    }
  };
  return (
    <ActionSheet
      visible={record !== null}
      onClose={onClose}
      cancelText={t('common.cancel')}
      extra={record ? t('attendance.detail.setFor', { name: record.username }) : undefined}
      actions={SETTABLE_STATES.map((s) => ({
        key: s,
        text: (
          <span data-testid={`att-set-${s}`} className={current === s ? 'att-current' : undefined}>
            {t(`attendance.state.s${s}`)}
            {current === s ? ` ✓` : ''}
          </span>
        ),
        onClick: () => void set(s),
      }))}
    />
  );
}
