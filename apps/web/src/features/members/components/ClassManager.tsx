import { classCreateInput } from '@paiclass/shared';
import { Button, Popup, Toast } from 'antd-mobile';
import { AddOutline, CloseOutline, DeleteOutline, EditSOutline } from 'antd-mobile-icons';
import { BodyTestId } from '../../../components/BodyTestId';
import { confirmDialog } from '../../../components/dialogs';
import { showApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { validate } from '../../../lib/validation';
import { usePrompt } from '../../courses/components/PromptDialog';
import { membersApi } from '../api';
import { useRefreshMembers } from '../hooks/useRefreshMembers';
import type { AdminClass } from '../types';

/** spec: administrative classes of a course: create, rename, delete (students stay in the course). */
export function ClassManager({
  courseId,
  open,
  classes,
  onClose,
  onDeleted,
}: {
  courseId: number;
  open: boolean;
  classes: AdminClass[];
  onClose: () => void;
  /** a class went away (the list filter may point at it) */
  onDeleted: (id: number) => void;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshMembers(courseId);
  const { prompt, element } = usePrompt();

  const askName = (title: string, initial: string, run: (name: string) => Promise<unknown>) =>
    prompt({
      title,
      placeholder: t('members.classes.namePlaceholder'),
      initialValue: initial,
      maxLength: 20,
      testid: 'class-name',
      submit: async (value) => {
        const checked = validate(classCreateInput, { courseid: courseId, name: value });
        if (!checked.ok) return t(checked.errors.name ?? 'validation.invalid');
        await run(checked.data.name);
        return undefined;
      },
    });

  const create = async () => {
    const result = await askName(t('members.classes.createTitle'), '', (name) => membersApi.createClass(courseId, name));
    if (result !== 'done') return;
    Toast.show({ content: t('members.classes.created') });
    await refresh();
  };

  const rename = async (cls: AdminClass) => {
    const result = await askName(t('members.classes.renameTitle'), cls.name, (name) =>
      membersApi.renameClass(courseId, cls.id, name),
    );
    if (result !== 'done') return;
    Toast.show({ content: t('members.classes.renamed') });
    await refresh();
  };

  const remove = async (cls: AdminClass) => {
    const confirmed = await confirmDialog({
      title: t('members.classes.deleteTitle'),
      content: t('members.classes.deleteConfirm', { name: cls.name, count: Number(cls.count) }),
      confirmText: t('members.classes.delete'),
      danger: true,
      testid: 'class-delete-ask',
    }).result;
    if (!confirmed) return;
    try {
      await membersApi.deleteClass(courseId, cls.id);
      Toast.show({ content: t('members.classes.deleted') });
      onDeleted(cls.id);
      await refresh();
    } catch (e) {
      showApiError(e);
    }
  };

  return (
    <>
      <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet-popup">
        <BodyTestId id="class-popup" />
        <div className="sheet-head">
          <span className="sheet-title">{t('members.classes.title')}</span>
          <button
            type="button"
            className="icon-button"
            onClick={onClose}
            aria-label={t('common.close')}
            data-testid="class-popup-close"
          >
            <CloseOutline />
          </button>
        </div>
        <p className="sheet-tip">{t('members.classes.tip')}</p>
        {classes.length === 0 ? (
          <p className="sheet-empty" data-testid="class-empty">
            {t('members.classes.empty')}
          </p>
        ) : (
          <ul className="sheet-list">
            {classes.map((cls) => (
              <li key={cls.id} className="sheet-row" data-testid="class-row" data-id={cls.id}>
                <span className="sheet-row-text">
                  <span className="sheet-row-name" data-testid="class-row-name">
                    {cls.name}
                  </span>
                  <span className="muted small">{t('members.classes.count', { count: Number(cls.count) })}</span>
                </span>
                <button
                  type="button"
                  className="icon-button"
                  onClick={() => void rename(cls)}
                  aria-label={t('members.classes.rename')}
                  data-testid="class-rename"
                >
                  <EditSOutline />
                </button>
                <button
                  type="button"
                  className="icon-button danger-text"
                  onClick={() => void remove(cls)}
                  aria-label={t('members.classes.delete')}
                  data-testid="class-delete"
                >
                  <DeleteOutline />
                </button>
              </li>
            ))}
          </ul>
        )}
        <Button block color="primary" fill="outline" shape="rounded" onClick={() => void create()} data-testid="class-create">
          <AddOutline /> {t('members.classes.create')}
        </Button>
      </Popup>
      {element}
    </>
  );
}
