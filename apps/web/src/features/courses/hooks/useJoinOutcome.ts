import { DEFAULT_TAB, JOIN_STATUS, type JoinKey } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { courseIdOfPath, withReturnPath } from '../../../lib/returnPath';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { ATTEST_FIRST_TIME_PATH } from '../../institutions/attestPrompt';
import { courseKeys, joinKeyQuery } from '../api';
import type { JoinResult } from '../types';
import { courseHomePath } from '../utils';

/**
 * Where a joined student goes: the link that offered the join (`from`, already checked by
 * safeReturnPath) when it is of the course joined, else the course home (issue 12 item 7).
 */
export function joinedTarget(courseId: number, from: string | null | undefined): string {
  return from && courseIdOfPath(from) === Number(courseId) ? from : courseHomePath(courseId, 0);
}

/**
 * Acts on a join result (spec 1 §4): 100 joined and 105 already in enter the course (or the link
 * that offered the join, `from`); 110 goes to the enrolment form, carrying `from`; 103 asks to go to identity authentication (cancelling shows the failure
 * screen with the reason); 101 and 102 show the failure screen.
 */
export function useJoinOutcome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);

  const handle = (result: JoinResult, key: JoinKey, from: string | null = null) => {
    const status = Number(result.status);
    if (status === JOIN_STATUS.joined || status === JOIN_STATUS.alreadyIn) {
      void queryClient.invalidateQueries({ queryKey: courseKeys.all });
      Toast.show({ content: result.message, icon: status === JOIN_STATUS.joined ? 'success' : undefined });
      navigate(joinedTarget(result.courseid, from), { replace: true });
    } else if (status === JOIN_STATUS.pendingReview) {
      navigate(withReturnPath(`/studentEnrollCourseDetail?${joinKeyQuery(key)}`, from), { replace: true });
    } else if (status === JOIN_STATUS.needsAttest) {
      // the course admits only students certified with its institution: the server's message says so
      void confirmDialog({
        title: t('institutions.join.title'),
        content: result.message,
        confirmText: t('institutions.join.go'),
        testid: 'join-attest',
      }).result.then((go) => {
        if (go) navigate(ATTEST_FIRST_TIME_PATH, { replace: true });
        else setFailure(result.message);
      });
    } else {
      setFailure(result.message);
    }
  };

  return { failure, setFailure, handle, home: () => navigate(DEFAULT_TAB, { replace: true }) };
}
