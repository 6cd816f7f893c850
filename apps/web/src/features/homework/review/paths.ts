/**
 * Addresses of the peer-review page (spec 2 §2 /homework/reviewDetail), for links from the homework
 * pages: a student's reviews to give and received, the teacher's overview, or (`sid`) the reviews
 * of one submission.
 */
export const reviewDetailPath = (courseId: number, id: number, courseRole: 0 | 1, sid?: number) =>
  `/homework/reviewDetail?courseId=${courseId}&id=${id}&courseRole=${courseRole}${sid ? `&sid=${sid}` : ''}`;
