import { CODES, copyInput, transferInput } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog, Toast } from 'antd-mobile';
import { contentWithTestId } from '../../../components/BodyTestId';
import { confirmDialog } from '../../../components/dialogs';
import { ApiError, showApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { validate } from '../../../lib/validation';
import { type Confirmation, courseKeys, coursesApi } from '../api';
import { PromptBack, usePrompt } from '../components/PromptDialog';
import type { CourseInfo, CourseItem } from '../types';

type Kind = 'delete' | 'quit' | 'transfer';

/**
 * The course flows of the list and the course home: delete, quit and transfer ask a confirmation,
 * then the login password or the course name typed out as the server's `deleteway` says (spec 1 §4);
 * copy asks for a new name; transfer for the receiving teacher's account, phone or email (spec 1 §5).
 * Each resolves true when the change was made. Render `element` in the page.
 */
export function useCourseFlows() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { prompt, element } = usePrompt();

  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.all });

  const loadInfo = async (courseId: number): Promise<CourseInfo | null> => {
    try {
      return await coursesApi.getCourseInfo(courseId);
    } catch (e) {
      showApiError(e);
      return null;
    }
  };

  /** The second confirmation: the login password, or the course name typed out (deleteway 1). */
  const secondConfirm = (info: CourseInfo, kind: Kind, run: (c: Confirmation) => Promise<unknown>) => {
    const byName = Number(info.deleteway) === 1;
    return prompt({
      title: byName ? t('courses.confirm.nameTitle') : t('courses.confirm.passwordTitle'),
      message: byName
        ? t('courses.confirm.nameMessage', { name: info.coursename })
        : t(`courses.confirm.passwordMessage.${kind}`),
      type: byName ? 'text' : 'password',
      placeholder: byName ? info.coursename : t('courses.confirm.passwordPlaceholder'),
      confirmText: t(`courses.${kind}.action`),
      danger: true,
      testid: 'confirm-second',
      submit: async (value) => {
        if (byName ? !value.trim() : !value) return byName ? t('courses.confirm.nameRequired') : t('validation.passwordRequired');
        try {
          await run(byName ? { coursename: value.trim() } : { password: value });
        } catch (e) {
          // a wrong password or course name is shown in the dialog, so the person can type it again
          if (e instanceof ApiError && (e.code === CODES.wrongPassword || e.code === CODES.confirmMismatch)) return e.message;
          throw e;
        }
        return undefined;
      },
    });
  };

  const removeCourse = async (courseId: number) => {
    const info = await loadInfo(courseId);
    if (!info) return false;
    const confirmed = await confirmDialog({
      title: t('courses.delete.title'),
      content: t('courses.delete.confirm', { name: info.coursename }),
      confirmText: t('courses.delete.action'),
      danger: true,
      testid: 'delete-ask',
    }).result;
    if (!confirmed) return false;
    const result = await secondConfirm(info, 'delete', (c) => coursesApi.deleteCourse(info.id, c));
    if (result !== 'done') return false;
    Toast.show({ content: t('courses.delete.done') });
    void refresh();
    return true;
  };

  const quitCourse = async (courseId: number) => {
    const info = await loadInfo(courseId);
    if (!info) return false;
    if (Number(info.allowquit) === 0) {
      // the teacher disallows quitting (docs/api.md 30303): say so before asking for a password
      await Dialog.alert({
        content: contentWithTestId(t('courses.quit.notAllowed'), 'quit-not-allowed'),
        confirmText: t('common.ok'),
      });
      return false;
    }
    const confirmed = await confirmDialog({
      title: t('courses.quit.title'),
      content: t('courses.quit.confirm', { name: info.coursename }),
      confirmText: t('courses.quit.action'),
      danger: true,
      testid: 'quit-ask',
    }).result;
    if (!confirmed) return false;
    const result = await secondConfirm(info, 'quit', (c) => coursesApi.quitCourse(info.id, c));
    if (result !== 'done') return false;
    Toast.show({ content: t('courses.quit.done') });
    void refresh();
    return true;
  };

  const transferCourse = async (courseId: number) => {
    const info = await loadInfo(courseId);
    if (!info) return false;
    let account = '';
    let accountError: string | undefined;
    for (;;) {
      // the first dialog explains what happens and asks who receives the course
      const step = await prompt({
        title: t('courses.transfer.title'),
        message: t('courses.transfer.confirm', { name: info.coursename }),
        placeholder: t('courses.transfer.placeholder'),
        initialValue: account,
        initialError: accountError,
        confirmText: t('common.next'),
        testid: 'transfer-account',
        submit: (value) => {
          const checked = validate(transferInput, { courseid: info.id, account: value });
          if (!checked.ok) return t(checked.errors.account ?? 'validation.invalid');
          account = value.trim();
          return undefined;
        },
      });
      if (step !== 'done') return false;
      const result = await secondConfirm(info, 'transfer', async (c) => {
        try {
          await coursesApi.transferCourse(info.id, account, c);
        } catch (e) {
          // no such teacher: back to the account, with the server's message
          if (e instanceof ApiError && e.code === CODES.teacherNotFound) {
            accountError = e.message;
            throw new PromptBack();
          }
          throw e;
        }
      });
      if (result === 'back') continue;
      if (result !== 'done') return false;
      Toast.show({ content: t('courses.transfer.done') });
      void refresh();
      return true;
    }
  };

  const copyCourse = async (course: Pick<CourseItem, 'id' | 'coursename'>) => {
    let created = '';
    const result = await prompt({
      title: t('courses.copy.title'),
      message: t('courses.copy.message', { name: course.coursename }),
      placeholder: t('courses.copy.placeholder'),
      maxLength: 50,
      confirmText: t('courses.copy.action'),
      testid: 'copy-name',
      submit: async (value) => {
        const checked = validate(copyInput, { courseid: course.id, coursename: value });
        if (!checked.ok) return t(checked.errors.coursename ?? 'validation.invalid');
        created = (await coursesApi.copyCourse(course.id, value.trim())).coursename;
        return undefined;
      },
    });
    if (result !== 'done') return false;
    Toast.show({ content: t('courses.copy.done', { name: created }) });
    void refresh();
    return true;
  };

  const archiveCourse = async (course: Pick<CourseItem, 'id'>) => {
    try {
      await coursesApi.archiveCourse(course.id);
      Toast.show({ content: t('courses.archive.done') });
      void refresh();
      return true;
    } catch (e) {
      showApiError(e);
      return false;
    }
  };

  const pinCourse = async (course: Pick<CourseItem, 'id' | 'isTop'>) => {
    const next = course.isTop ? 0 : 1;
    try {
      await coursesApi.setTop(course.id, next);
      Toast.show({ content: next ? t('courses.pin.pinned') : t('courses.pin.unpinned') });
      void refresh();
      return true;
    } catch (e) {
      showApiError(e);
      return false;
    }
  };

  return { element, removeCourse, quitCourse, transferCourse, copyCourse, archiveCourse, pinCourse, refresh };
}
