import { Tag } from 'antd-mobile';
import { useTranslation } from '../../../lib/translations';
import type { WorkState } from '../types';
import { stateColor } from '../utils';

/** A homework state as a tag (spec 2 §4): not submitted, submitted, overtime, returned, corrected. */
export function WorkStateTag({ state, testid = 'work-state' }: { state: WorkState; testid?: string }) {
  const { t } = useTranslation();
  const s = Number(state) as WorkState;
  return (
    <Tag color={stateColor(s)} fill="outline" className="hw-tag" data-testid={testid} data-state={s}>
      {t(`homework.state.${s}`)}
    </Tag>
  );
}
