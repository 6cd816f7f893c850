/** Star messages in both languages (validation keys and refusals `errors.<code name>`). */
export const starMessages = {
  zh: {
    'validation.starStudent': '请选择学生',
    'validation.starCount': '一次可加 1-5 颗星',
    'validation.starReason': '理由最多 50 个字',
    'errors.starNotStudent': '只能给本课程的学生加星',
    'errors.starLimit': '这位同学本节课的星星已达上限（20 颗）',
    'errors.starNothingToTake': '这位同学没有这么多星星可以收回',
  },
  en: {
    'validation.starStudent': 'Choose a student',
    'validation.starCount': 'Give 1 to 5 stars at a time',
    'validation.starReason': 'A reason is at most 50 characters',
    'errors.starNotStudent': 'Stars go to students of this course only',
    'errors.starLimit': 'This student has the most stars one class gives (20)',
    'errors.starNothingToTake': 'This student does not have that many stars to take back',
  },
};
