/** The class's slides for the screen and the phones, the remote controller, and courseware upload (issue 15). */
export const inClassPaths = {
  page: (courseId: number, courseRole: 0 | 1) => `/courseware/inClass?courseId=${courseId}&courseRole=${courseRole}`,
  remote: (p: { courseid: number; classtimeid: number; interactid: number }) =>
    `/remoteController?classtimeid=${p.classtimeid}&courseId=${p.courseid}&interactid=${p.interactid}`,
  upload: (courseId: number) => `/addActivity/courseware?courseId=${courseId}&courseRole=1`,
};
