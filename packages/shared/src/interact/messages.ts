/** Interactive answers' messages in both languages: validation of their inputs and their refusals. */
export const interactMessages = {
  zh: {
    'validation.stepSeconds': '作答时间为 5 秒到 60 分钟',
    'validation.interactQuestions': '请从题库选择 1 到 20 道题',
    'validation.interactAnswer': '请按题目要求作答',
    'errors.stepStarted': '这道题已经发起过了',
    'errors.stepNotOpen': '这道题现在不能作答（还没开始或已经结束）',
    'errors.alreadyAnswered': '你已经答过这道题了，以第一次作答为准',
    'errors.notLiveType': '文件题、拍照题和段落说明不能用于互动答题',
    'errors.stepAsked': '这道题已经发起过，不能再放到课件页上',
  },
  en: {
    'validation.stepSeconds': 'The answering time is 5 seconds to 60 minutes',
    'validation.interactQuestions': 'Choose 1 to 20 questions from the question bank',
    'validation.interactAnswer': 'Answer the way the question asks',
    'errors.stepStarted': 'This question has already been asked',
    'errors.stepNotOpen': "This question isn't taking answers (it hasn't started or time is up)",
    'errors.alreadyAnswered': 'You already answered this question; your first answer counts',
    'errors.notLiveType': "File, photo and paragraph questions can't be asked live",
    'errors.stepAsked': "This question has already been asked; it can't be placed on a slide any more",
  },
} as const;
