import { Tag } from 'antd-mobile';
import { useTranslation } from '../../../../lib/translations';
import type { TeacherTestState } from './utils';

const COLORS: Record<TeacherTestState, 'default' | 'primary' | 'success' | 'warning'> = {
  draft: 'default',
  notStarted: 'warning',
  inProgress: 'success',
  ended: 'default',
};

/** A test's state for its teacher (spec 2 §4). */
export function TestStateTag({ state, testid }: { state: TeacherTestState; testid: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} fill={state === 'inProgress' ? 'solid' : 'outline'} data-testid={testid} data-state={state}>
      {t(`exams.common.state.${state}`)}
    </Tag>
  );
}
