import { Button, Popup, Tag, Toast } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { showApiError } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import i18n from '../../../lib/i18n';
import { useTranslation } from '../../../lib/translations';
import { coursesApi } from '../api';
import { shareClassPath } from '../utils';

export interface CodeCourse {
  id: number;
  coursename: string;
  code: string;
  stopcode: 0 | 1;
}

/** The address a join QR code opens (spec 1 §2: /joinCourses with a code joins at once). */
export const joinLink = (code: string) => `${window.location.origin}/joinCourses?code=${encodeURIComponent(code)}`;

/**
 * The join code in large type with its QR code; the owner may reset, stop or enable it (spec 1 §6
 * join-code menu). `onChanged` tells the page the code or its state changed.
 */
/** Copies the invitation page's address (/ShareClass?code=), which anyone can open before logging in. */
async function copyInvite(code: string) {
  const done = await copyText(`${window.location.origin}${shareClassPath(code)}`);
  Toast.show({ content: i18n.t(done ? 'courses.code.inviteCopied' : 'courses.share.copyFailed') });
}

export function CodePopup({
  course,
  canManage,
  onClose,
  onChanged,
}: {
  course: CodeCourse | null;
  canManage: boolean;
  onClose: () => void;
  onChanged: (next: { code: string; stopcode: 0 | 1 }) => void;
}) {
  const { t } = useTranslation();
  const [qr, setQr] = useState('');
  const [busy, setBusy] = useState<'reset' | 'stop' | 'start' | null>(null);
  // the last course stays drawn while the popup slides away
  const last = useRef(course);
  if (course) last.current = course;
  const shown = course ?? last.current;
  const code = shown?.code ?? '';

  useEffect(() => {
    if (!code) return;
    let cancelled = false;
    setQr('');
    QRCode.toDataURL(joinLink(code), { margin: 1, width: 200 })
      .then((url) => {
        if (!cancelled) setQr(url);
      })
      .catch(() => setQr(''));
    return () => {
      cancelled = true;
    };
  }, [code]);

  const act = async (kind: 'reset' | 'stop' | 'start') => {
    if (!course) return;
    if (kind !== 'start') {
      const confirmed = await confirmDialog({
        title: kind === 'reset' ? t('courses.code.resetTitle') : t('courses.code.stopTitle'),
        content: kind === 'reset' ? t('courses.code.resetConfirm') : t('courses.code.stopConfirm'),
        confirmText: kind === 'reset' ? t('courses.code.reset') : t('courses.code.stop'),
        danger: kind === 'stop',
        testid: `code-${kind}-ask`,
      }).result;
      if (!confirmed) return;
    }
    setBusy(kind);
    try {
      if (kind === 'reset') {
        const { code: next } = await coursesApi.resetCode(course.id);
        onChanged({ code: next, stopcode: course.stopcode });
        Toast.show({ content: t('courses.code.resetDone') });
      } else if (kind === 'stop') {
        await coursesApi.stopCode(course.id);
        onChanged({ code: course.code, stopcode: 1 });
        Toast.show({ content: t('courses.code.stopDone') });
      } else {
        await coursesApi.startCode(course.id);
        onChanged({ code: course.code, stopcode: 0 });
        Toast.show({ content: t('courses.code.startDone') });
      }
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Popup visible={course !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="code-popup" destroyOnClose>
      {shown ? (
        <div data-testid={course ? 'code-popup' : undefined}>
          <div className="figure-popup-head">
            <span className="figure-popup-title">{t('courses.code.title')}</span>
            <button
              type="button"
              className="icon-button"
              onClick={onClose}
              aria-label={t('common.close')}
              data-testid="code-popup-close"
            >
              <CloseOutline />
            </button>
          </div>
          <div className="code-popup-course" data-testid="code-popup-course">
            {shown.coursename}
          </div>
          <div className={`code-popup-code${shown.stopcode ? ' is-stopped' : ''}`} data-testid="code-popup-code">
            {shown.code}
          </div>
          {shown.stopcode ? (
            <div className="code-popup-state">
              <Tag color="danger" fill="outline" data-testid="code-popup-stopped">
                {t('courses.code.stopped')}
              </Tag>
              <span className="muted small">{t('courses.code.stoppedHint')}</span>
            </div>
          ) : null}
          <div className={`code-popup-qr-box${shown.stopcode ? ' is-stopped' : ''}`}>
            {qr ? (
              <img
                className="code-popup-qr"
                src={qr}
                alt={t('courses.code.qrAlt')}
                data-testid="code-popup-qr"
                data-link={joinLink(shown.code)}
              />
            ) : (
              <div className="code-popup-qr code-popup-qr-empty" />
            )}
          </div>
          <p className="code-popup-tip">{t('courses.code.tip')}</p>
          {shown.stopcode ? null : (
            <Button block fill="none" color="primary" onClick={() => void copyInvite(shown.code)} data-testid="code-copy-invite">
              {t('courses.code.copyInvite')}
            </Button>
          )}
          {canManage ? (
            <div className="code-popup-actions">
              <Button
                shape="rounded"
                loading={busy === 'reset'}
                disabled={busy !== null}
                onClick={() => void act('reset')}
                data-testid="code-reset"
              >
                {t('courses.code.reset')}
              </Button>
              {shown.stopcode ? (
                <Button
                  shape="rounded"
                  color="primary"
                  loading={busy === 'start'}
                  disabled={busy !== null}
                  onClick={() => void act('start')}
                  data-testid="code-start"
                >
                  {t('courses.code.start')}
                </Button>
              ) : (
                <Button
                  shape="rounded"
                  color="danger"
                  fill="outline"
                  loading={busy === 'stop'}
                  disabled={busy !== null}
                  onClick={() => void act('stop')}
                  data-testid="code-stop"
                >
                  {t('courses.code.stop')}
                </Button>
              )}
            </div>
          ) : null}
        </div>
      ) : null}
    </Popup>
  );
}
