import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { attendanceApi } from '../api';
import type { QrTicket } from '../types';
import { QR_ROTATE_MS } from '../utils';

/** The address a ticket's QR code opens: the student's landing page with the signed ticket. */
export function ticketUrl(ticket: QrTicket) {
  if (ticket.url) return new URL(ticket.url, window.location.origin).toString();
  const q = new URLSearchParams({ ticketid: ticket.ticketid, expire: String(ticket.expire), sign: ticket.sign });
  return `${window.location.origin}/checkIn/checkinCodeResult?${q}`;
}

/**
 * The QR code of a running QR attendance, for a classroom screen: a new signed ticket every few
 * seconds (a photo of an old one expires, issue 13). The QR library is fetched with this screen only.
 * The encoded address is on `data-qr-url` for tools that test the page. With `onToggleLarge`, a tap
 * enlarges it to the whole window; without, it keeps the size its place gives it.
 */
export function QrScreen({ id, large, onToggleLarge }: { id: number; large: boolean; onToggleLarge?: () => void }) {
  const { t } = useTranslation();
  const ticket = useQuery({
    queryKey: ['attendance', 'qr', id],
    queryFn: () => attendanceApi.qrCode(id),
    refetchInterval: (q) => {
      // the server says when to ask for the next ticket
      const rotate = Number(q.state.data?.rotate ?? 0);
      return rotate > 0 ? rotate * 1000 : QR_ROTATE_MS;
    },
    refetchIntervalInBackground: false,
    gcTime: 0,
  });
  const url = ticket.data ? ticketUrl(ticket.data) : '';
  const [image, setImage] = useState('');
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    void import('qrcode').then(({ default: QRCode }) =>
      QRCode.toDataURL(url, { margin: 1, width: 640, errorCorrectionLevel: 'M' }).then((src) => {
        if (!cancelled) setImage(src);
      }),
    );
    return () => {
      cancelled = true;
    };
  }, [url]);

  if (ticket.isError && !image)
    return (
      <div className="att-qr-wrap" data-testid="att-qr-error">
        <p className="danger-text">{errorMessage(ticket.error)}</p>
        <Button size="small" onClick={() => void ticket.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  return (
    <div className={`att-qr-wrap${large ? ' is-large' : ''}`}>
      {image && onToggleLarge ? (
        <button type="button" className="att-qr-button" onClick={onToggleLarge} aria-label={t('attendance.run.qrLarge')}>
          <img className="att-qr" src={image} alt={t('attendance.run.qrAlt')} data-testid="att-qr" data-qr-url={url} />
        </button>
      ) : image ? (
        // sized by where it is shown (the projector's wall): nothing to enlarge
        <img className="att-qr" src={image} alt={t('attendance.run.qrAlt')} data-testid="att-qr" data-qr-url={url} />
      ) : (
        <div className="att-qr att-qr-placeholder" aria-busy="true" data-testid="att-qr-loading" />
      )}
      <p className="muted small">{t('attendance.run.qrHint', { seconds: Math.round(QR_ROTATE_MS / 1000) })}</p>
    </div>
  );
}
