import { type Language, validationMessages } from '@paiclass/shared';

/** Server messages in both languages; validation messages come from the shared schemas' catalogue. */
const serverMessages = {
  zh: {
    'ok': '访问成功',
    'errors.notLoggedIn': '您还未登录或登录已过期，请重新登录',
    'errors.mustResetPassword': '您的密码强度太低，请先修改密码',
    'errors.mustBindContact': '请先绑定手机号或邮箱',
    'errors.noOfficePermission': '您没有教研室的操作权限',
    'errors.courseGone': '课程不存在或您不是该课程的成员',
    'errors.badInput': '输入内容不正确',
    'errors.notFound': '请求的接口或资源不存在',
    'errors.forbidden': '您没有权限，请联系课程管理员',
    'errors.tooLarge': '提交的内容太大',
    'errors.rateLimited': '操作太频繁，请 {seconds} 秒后再试',
    'errors.wrongCredentials': '账号或密码错误',
    'errors.accountExists': '该账号已注册，请直接登录',
    'errors.codeWrong': '验证码错误，还可以再试 {left} 次',
    'errors.codeExpired': '验证码已失效，请重新获取',
    'errors.codeTooManyTries': '验证码错误次数过多，请重新获取',
    'errors.codeTooSoon': '验证码发送太频繁，请 {seconds} 秒后再试',
    'errors.codeDailyCap': '今日获取验证码次数已达上限，请明天再试',
    'errors.figureCodeWrong': '图形验证码错误，请重新输入',
    'errors.accountNotFound': '该账号未注册',
    'errors.passwordTooCommon': '这个密码太常见，容易被猜到，请换一个',
    'errors.resetLinkInvalid': '重置密码的链接已失效，请重新找回密码',
    'errors.registerClosed': '本站暂未开放注册',
    'errors.wechatNotConfigured': '本站未开通微信登录',
    'errors.oldPasswordWrong': '原密码错误',
    'errors.contactTaken': '该手机号或邮箱已被其他账号绑定',
    'errors.lastContact': '账号至少要保留一个手机号或邮箱，请先绑定邮箱再解绑手机',
    'errors.channelUnavailable': '本站暂不支持向该类账号发送验证码',
    'errors.wechatPending': '请使用微信扫码',
    'errors.serverError': '服务器开小差了，请稍后再试（请求编号 {requestId}）',
    'errors.vipRequired': '您创建的课程已达 50 门，开通会员后可继续创建',
    'courses.join.joined': '加入课程成功',
    'courses.join.notFound': '加课码不存在，请核对后再试',
    'courses.join.alreadyIn': '您已在该课程中，不能重复加入',
    'courses.join.codeStopped': '该课程已停用加课码，请联系老师',
    'courses.join.closed': '该课程已结课，不能加入',
    'courses.join.enrollClosed': '该课程暂未开放报名',
    'courses.join.full': '该课程人数已满',
    'courses.join.rejected': '您的报名未通过审核',
    'courses.join.pending': '报名已提交，请等待老师审核',
    'courses.join.fillForm': '请先填写报名信息',
    'errors.confirmMismatch': '输入的课程名称不一致',
    'errors.quitNotAllowed': '老师已设置不允许退出该课程',
    'errors.teacherNotFound': '没有找到这个老师账号，请核对后再试',
    'errors.courseFull': '课程人数已满，无法再通过更多报名',
    'errors.alreadyMember': '该用户已经是课程成员',
    'errors.classExists': '已有同名的班级',
    'mail.codeSubject': '【{school}】验证码',
    'mail.codeBody': '您的验证码是 {code}，10 分钟内有效。如非本人操作，请忽略本消息。',
  },
  en: {
    'ok': 'Success',
    'errors.notLoggedIn': 'You are not logged in or your login has expired; please log in again',
    'errors.mustResetPassword': 'Your password is too weak; change it first',
    'errors.mustBindContact': 'Bind a phone number or an email first',
    'errors.noOfficePermission': 'You have no permission in this teaching and research office',
    'errors.courseGone': 'The course does not exist or you are not a member of it',
    'errors.badInput': 'The input is not valid',
    'errors.notFound': 'No such call or resource',
    'errors.forbidden': 'You have no permission; contact the course administrator',
    'errors.tooLarge': 'What you sent is too large',
    'errors.rateLimited': 'Too many requests; try again in {seconds} s',
    'errors.wrongCredentials': 'Wrong account or password',
    'errors.accountExists': 'This account is already registered; log in instead',
    'errors.codeWrong': 'Wrong verification code; {left} tries left',
    'errors.codeExpired': 'The verification code has expired; get a new one',
    'errors.codeTooManyTries': 'Too many wrong tries; get a new code',
    'errors.codeTooSoon': 'Codes are sent at most once a minute; try again in {seconds} s',
    'errors.codeDailyCap': 'Today’s limit of verification codes is reached; try again tomorrow',
    'errors.figureCodeWrong': 'Wrong picture code; enter the new one',
    'errors.accountNotFound': 'No account is registered with this phone or email',
    'errors.passwordTooCommon': 'This password is too common and easy to guess; choose another',
    'errors.resetLinkInvalid': 'The password reset link has expired; start again',
    'errors.registerClosed': 'Registration is closed on this site',
    'errors.wechatNotConfigured': 'WeChat login is not enabled on this site',
    'errors.oldPasswordWrong': 'The old password is wrong',
    'errors.contactTaken': 'This phone or email is bound to another account',
    'errors.lastContact': 'An account keeps at least one phone or email; bind an email before removing the phone',
    'errors.channelUnavailable': 'This site cannot send codes to this kind of account',
    'errors.wechatPending': 'Scan the code with WeChat',
    'errors.serverError': 'Something went wrong on our side; try again later (request {requestId})',
    'errors.vipRequired': 'You have created 50 courses; open VIP to create more',
    'courses.join.joined': 'You have joined the course',
    'courses.join.notFound': 'No course has this join code; check it and try again',
    'courses.join.alreadyIn': 'You are already in this course and cannot join twice',
    'courses.join.codeStopped': 'This course has stopped its join code; contact the teacher',
    'courses.join.closed': 'This course has ended and cannot be joined',
    'courses.join.enrollClosed': 'This course is not open for enrolment',
    'courses.join.full': 'This course is full',
    'courses.join.rejected': 'Your enrolment was not approved',
    'courses.join.pending': 'Enrolment submitted; wait for the teacher to review it',
    'courses.join.fillForm': 'Fill in the enrolment form first',
    'errors.confirmMismatch': 'The course name you typed does not match',
    'errors.quitNotAllowed': 'The teacher does not allow leaving this course',
    'errors.teacherNotFound': 'No teacher account was found; check it and try again',
    'errors.courseFull': 'The course is full; no more enrolments can be approved',
    'errors.alreadyMember': 'This user is already a member of the course',
    'errors.classExists': 'A class with this name already exists',
    'mail.codeSubject': '[{school}] Verification code',
    'mail.codeBody': 'Your verification code is {code}. It is valid for 10 minutes. If you did not ask for it, ignore this message.',
  },
} as const;

export type MessageKey = keyof (typeof serverMessages)['zh'] | keyof (typeof validationMessages)['zh'];

/** Translates a message key, filling `{name}` placeholders; an unknown key falls back to itself. */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const table = { ...validationMessages[lang], ...serverMessages[lang] } as Record<string, string>;
  const text = table[key] ?? (validationMessages.zh as Record<string, string>)[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/** The caller's language from an Accept-Language header: English when it prefers English, else Chinese. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'zh';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}

export const messageKeys = { zh: Object.keys(serverMessages.zh), en: Object.keys(serverMessages.en) };
