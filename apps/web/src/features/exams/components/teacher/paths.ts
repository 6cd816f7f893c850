/** The teacher's test pages (spec 2 §2 Tests routes). */
export const teacherTestPaths = {
  list: (courseId: number, tab?: 'bank') => `/testing/detail?courseId=${courseId}&courseRole=1${tab ? `&tab=${tab}` : ''}`,
  create: (courseId: number) => `/testing/create?courseId=${courseId}&courseRole=1`,
  update: (courseId: number, id: number) => `/testing/update?courseId=${courseId}&courseRole=1&id=${id}`,
  settings: (courseId: number, id: number) => `/testing/settings?courseId=${courseId}&courseRole=1&id=${id}`,
  preview: (courseId: number, id: number) => `/testing/preview?courseId=${courseId}&courseRole=1&id=${id}`,
  batch: (courseId: number) => `/testing/batch?courseId=${courseId}&courseRole=1`,
  review: (courseId: number, id: number, attemptid?: number) =>
    `/testing/review?courseId=${courseId}&courseRole=1&id=${id}${attemptid ? `&attemptid=${attemptid}` : ''}`,
};

/** Importing questions from a file, then making a test (source 6) or an interactive answer (3) of them. */
export const importFilePath = (courseId: number, source: 3 | 6) =>
  `/courseware/importFile?courseId=${courseId}&courseRole=1&source=${source}`;
