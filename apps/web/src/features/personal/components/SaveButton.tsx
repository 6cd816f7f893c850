import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/translations';

/** The save button of the editors that are not forms of fields (lists, pickers). */
export function SaveButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      block
      color="primary"
      size="large"
      shape="rounded"
      loading={loading}
      disabled={loading}
      onClick={onClick}
      data-testid="info-save"
    >
      {t('profile.save')}
    </Button>
  );
}
