import { Button, Toast } from 'antd-mobile';
import { DownlandOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { coursewareApi } from '../api';

/** The original document's download (`/InteractPPTApi/downloadppt`): a fresh signed address, opened as an attachment. */
export function DownloadButton({ id }: { id: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { url } = await coursewareApi.download(id);
      // served as an attachment: the browser downloads it and stays on the page
      window.location.assign(url);
    } catch (e) {
      Toast.show({ content: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" shape="rounded" fill="outline" loading={busy} onClick={() => void download()} data-testid="cw-download">
      <DownlandOutline /> {t('courseware.download')}
    </Button>
  );
}
