import { AVATAR_CROP, AVATAR_MAX_BYTES } from '@paiclass/shared';
import { Button, Slider, Toast } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { UserAvatar } from '../../../components/UserAvatar';
import { uploadEditorImage } from '../../../components/uploadEditorImage';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { profileApi } from '../api';
import { useSaveProfile } from '../hooks/useSaveProfile';
import '../personal.css';

/** Draws the chosen square of the picture at 0.6 of its size (at most 640 px a side) as a PNG (spec 1 §2). */
async function cropToPng(src: string, area: Area): Promise<File> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const side = Math.max(1, Math.round(Math.min(area.width * AVATAR_CROP.outputScale, AVATAR_CROP.outputMaxSide)));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no canvas');
  g.imageSmoothingQuality = 'high';
  g.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, AVATAR_CROP.type));
  if (!blob) throw new Error('no png');
  return new File([blob], 'avatar.png', { type: AVATAR_CROP.type });
}

/**
 * /avatar (spec 1 §2, §5): pick a picture (an image of at most 5 MB), move and zoom it under a
 * square 200×200 crop box (react-easy-crop), and upload the square as a PNG at 0.6 scale; the new
 * picture shows everywhere the person does.
 */
export default function AvatarPage() {
  const { t } = useTranslation();
  const user = useUser();
  const goBack = useGoBack('/myInfoDetail');
  const input = useRef<HTMLInputElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { save } = useSaveProfile();

  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);

  if (!user) return <LoadingScreen />;

  const choose = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    // spec 1 §5: an image, at most 5 MB (5242880 bytes)
    if (!file.type.startsWith('image/')) return setError(t('profile.avatarNotImage'));
    if (file.size > AVATAR_MAX_BYTES) return setError(t('profile.avatarTooLarge'));
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setSrc(URL.createObjectURL(file));
  };

  const upload = async () => {
    if (!src || !area) return;
    setUploading(true);
    setError(null);
    try {
      const png = await cropToPng(src, area);
      const uploaded = await uploadEditorImage(png);
      const done = await save(() => profileApi.updateAvatar(uploaded.id));
      if (done) {
        Toast.show({ content: t('profile.avatarSaved') });
        goBack();
      }
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="page avatar-page" data-testid="avatar-page">
      <PageNavBar title={t('profile.avatarTitle')} onBack={goBack} />
      <div className="page-body">
        <FormError message={error} testid="avatar-error" />
        {src ? (
          <>
            <div className="avatar-crop" data-testid="avatar-cropper">
              <Cropper
                image={src}
                crop={crop}
                zoom={zoom}
                aspect={AVATAR_CROP.aspect}
                cropSize={{ width: AVATAR_CROP.initialSize, height: AVATAR_CROP.initialSize }}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
                objectFit="contain"
              />
            </div>
            <div className="avatar-zoom">
              <span className="muted small">{t('profile.avatarZoom')}</span>
              <div className="avatar-zoom-slider">
                <Slider
                  min={1}
                  max={3}
                  step={0.05}
                  value={zoom}
                  onChange={(v) => setZoom(v as number)}
                  data-testid="avatar-zoom"
                />
              </div>
            </div>
            <p className="muted small avatar-note">{t('profile.avatarHint')}</p>
          </>
        ) : (
          <div className="avatar-current" data-testid="avatar-current">
            <UserAvatar
              name={user.username || user.account}
              src={user.avatar || undefined}
              size={160}
              testid="avatar-current-image"
            />
            <p className="muted small avatar-note">{t('profile.avatarRules')}</p>
          </div>
        )}
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          data-testid="avatar-file"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <div className="avatar-actions">
          <Button
            block
            shape="rounded"
            size="large"
            fill="outline"
            color="primary"
            onClick={() => input.current?.click()}
            data-testid="avatar-choose"
          >
            <PictureOutline /> {src ? t('profile.avatarChooseAgain') : t('profile.avatarChoose')}
          </Button>
          {src ? (
            <Button
              block
              shape="rounded"
              size="large"
              color="primary"
              loading={uploading}
              disabled={!area || uploading}
              onClick={() => void upload()}
              data-testid="avatar-upload"
            >
              {t('profile.avatarUpload')}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
