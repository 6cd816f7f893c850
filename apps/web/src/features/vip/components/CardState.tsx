import type { VipCard } from '@paiclass/shared';
import { Tag } from 'antd-mobile';
import { useTranslation } from '../../../lib/translations';

/** A card's validity as a tag: in force with the days left, bought for the future, or ended. */
export function CardStateTag({ card, testId }: { card: Pick<VipCard, 'isValid' | 'isFuture' | 'time'>; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={card.isValid ? 'success' : card.isFuture ? 'primary' : 'default'} data-testid={testId}>
      {card.isValid
        ? t('vip.cardValid', { days: card.time.remainDays })
        : card.isFuture
          ? t('vip.cardFuture')
          : t('vip.cardEnded')}
    </Tag>
  );
}
