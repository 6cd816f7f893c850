import { Button, Toast } from 'antd-mobile';
import { DeleteOutline, EditSOutline, SendOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { showApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { activityApi } from '../api';
import type { ActivityItem } from '../types';

/**
 * Edit, delete (after a confirmation) and, for a draft or scheduled item, publish now: the actions
 * of whoever may change a notice or topic. `prefix` names the test ids (`<prefix>-edit`, ...).
 */
export function ArticleActions({
  item,
  courseId,
  prefix,
  canPublish,
  deleteText,
  onEdit,
  onDeleted,
  onPublished,
}: {
  item: ActivityItem;
  courseId: number;
  prefix: string;
  canPublish: boolean;
  deleteText: { title: string; content: string };
  onEdit: () => void;
  onDeleted: () => void;
  onPublished: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    const ok = await confirmDialog({
      title: deleteText.title,
      content: deleteText.content,
      confirmText: t('notices.delete'),
      danger: true,
      testid: `${prefix}-delete`,
    }).result;
    if (!ok) return;
    setBusy(true);
    try {
      await activityApi.remove(courseId, item.id);
      Toast.show({ content: t('notices.deleted') });
      onDeleted();
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
    }
  };

  const publish = async () => {
    setBusy(true);
    try {
      await activityApi.publish(courseId, item.id);
      Toast.show({ content: t('notices.publishedNow') });
      onPublished();
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="article-actions">
      {canPublish && Number(item.publishState) < 2 ? (
        <Button
          size="small"
          color="primary"
          shape="rounded"
          disabled={busy}
          onClick={() => void publish()}
          data-testid={`${prefix}-publish`}
        >
          <SendOutline /> {t('notices.publishNow')}
        </Button>
      ) : null}
      <Button size="small" shape="rounded" disabled={busy} onClick={onEdit} data-testid={`${prefix}-edit`}>
        <EditSOutline /> {t('notices.edit')}
      </Button>
      <Button
        size="small"
        shape="rounded"
        color="danger"
        fill="outline"
        disabled={busy}
        onClick={() => void remove()}
        data-testid={`${prefix}-delete`}
      >
        <DeleteOutline /> {t('notices.delete')}
      </Button>
    </div>
  );
}
