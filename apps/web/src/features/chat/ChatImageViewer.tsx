import { Mask } from 'antd-mobile';
import { useTranslation } from '../../lib/translations';

/** A chat picture at full size over the page; a tap anywhere closes it. */
export function ChatImageViewer({ src, onClose }: { src: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Mask visible={src !== null} onMaskClick={onClose} color="black" opacity={0.92} destroyOnClose>
      <button
        type="button"
        className="chat-viewer"
        onClick={onClose}
        aria-label={t('common.close')}
        data-testid="chat-image-viewer"
      >
        {src ? <img src={src} alt="" /> : null}
      </button>
    </Mask>
  );
}
