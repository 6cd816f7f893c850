import { DEFAULT_TAB, JOIN_STATUS } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { courseKeys } from '../api';
import type { JoinResult } from '../types';
import { courseHomePath } from '../utils';

/**
 * Acts on a join result (spec 1 §4): 100 joined and 105 already in enter the course; 110 goes to
 * the enrolment form; 103 to identity authentication; 101 and 102 show the failure screen.
 */
export function useJoinOutcome() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);

  const handle = (result: JoinResult, code: string) => {
    const status = Number(result.status);
    if (status === JOIN_STATUS.joined || status === JOIN_STATUS.alreadyIn) {
      void queryClient.invalidateQueries({ queryKey: courseKeys.all });
      Toast.show({ content: result.message, icon: status === JOIN_STATUS.joined ? 'success' : undefined });
      navigate(courseHomePath(result.courseid, 0), { replace: true });
    } else if (status === JOIN_STATUS.pendingReview) {
      navigate(`/studentEnrollCourseDetail?code=${encodeURIComponent(code)}`, { replace: true });
    } else if (status === JOIN_STATUS.needsAttest) {
      // institution authentication arrives with the personal centre
      navigate('/myAllSetting?detail=myMechanism', { replace: true });
    } else {
      setFailure(result.message);
    }
  };

  return { failure, setFailure, handle, home: () => navigate(DEFAULT_TAB, { replace: true }) };
}
