import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { showApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { courseKeys, coursesApi } from '../api';

/** Approves or rejects enrolment requests, one or many; rejecting asks first. */
export function useEnrollReview(courseId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<1 | 2 | null>(null);

  const review = async (ids: number[], state: 1 | 2) => {
    if (ids.length === 0) {
      Toast.show({ content: t('validation.chooseOne') });
      return false;
    }
    if (state === 2) {
      const confirmed = await confirmDialog({
        title: t('courses.review.rejectTitle'),
        content: t('courses.review.rejectConfirm', { count: ids.length }),
        confirmText: t('courses.review.reject'),
        danger: true,
        testid: 'review-reject-ask',
      }).result;
      if (!confirmed) return false;
    }
    setBusy(state);
    try {
      const { count } = await coursesApi.enrollReview(courseId, ids, state);
      Toast.show({ content: state === 1 ? t('courses.review.approved', { count }) : t('courses.review.rejected', { count }) });
      await queryClient.invalidateQueries({ queryKey: ['courses', 'enrollList', courseId] });
      void queryClient.invalidateQueries({ queryKey: courseKeys.info(courseId) });
      return true;
    } catch (e) {
      showApiError(e);
      return false;
    } finally {
      setBusy(null);
    }
  };

  return { review, busy };
}
