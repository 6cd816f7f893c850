/** Courseware messages in both languages: validation of its inputs and its refusals (`errors.<code name>`). */
export const coursewareMessages = {
  zh: {
    'validation.interactId': '请选择课件',
    'validation.learnTime': '学习时长不正确',
    'validation.doubtState': '“没听懂”状态为 0 或 1',
    'validation.coursewareFile': '请上传一个 PPT、PPTX 或 PDF 文件',
    'validation.coursewareCommentLength': '评论最多 500 个字',
    'errors.slidesNotReady': '课件还在转换中，请稍后再试',
    'validation.coursewareFileType': '文件类型为 ppt、pptx 或 pdf',
    'validation.reviewTarget': '请选择课件或一节课',
    'errors.notShownInClass': '这节课没有放映这个课件',
  },
  en: {
    'validation.interactId': 'Choose a courseware',
    'validation.learnTime': 'The learning time is not valid',
    'validation.doubtState': 'The "don\'t understand" state is 0 or 1',
    'validation.coursewareFile': 'Upload one PPT, PPTX or PDF file',
    'validation.coursewareCommentLength': 'A comment can be at most 500 characters',
    'errors.slidesNotReady': 'The slides are still being converted; try again shortly',
    'validation.coursewareFileType': 'The file type is ppt, pptx or pdf',
    'validation.reviewTarget': 'Choose a courseware or a class',
    'errors.notShownInClass': 'This courseware was not shown in that class',
  },
} as const;
