import { type LoginResult, type UserInfo, vipLevelInForce } from '@paiclass/shared';
import type { User } from '../../platform/auth';

const epochSeconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/**
 * The spec's user-info shape: every key present, absent values as empty strings or lists, with the
 * value types Ketangpai sends (issue 10): `id`, `usertype`, `notify1`-`notify4`, `isenterprise` as
 * strings, `attestInfo` a list, `coid` and `endtime` integers.
 */
export function presentUser(user: User, flags: { safe?: 0 | 1 } = {}): UserInfo {
  const [n1, n2, n3, n4] = user.notify;
  return {
    id: String(user.id),
    usertype: String(user.usertype),
    username: user.username,
    avatar: user.avatar,
    stno: user.stno,
    school: user.school,
    department: user.department,
    account: user.account,
    mobile: user.mobile ?? '',
    email: user.email ?? '',
    notify1: String(n1 ?? 1),
    notify2: String(n2 ?? 1),
    notify3: String(n3 ?? 1),
    notify4: String(n4 ?? 1),
    isenterprise: String(user.isenterprise),
    atteststate: user.atteststate,
    attestInfo: user.attestJigou ? [{ jigou: user.attestJigou }] : [],
    isvip: vipLevelInForce(user),
    begintime: epochSeconds(user.vipBegin),
    endtime: epochSeconds(user.vipEnd),
    openid: user.openid ?? '',
    unionid: user.unionid ?? '',
    wechat_nikename: user.wechatNickname,
    additionInfo: { enrolltime: user.enrolltime, grade: user.grade, classno: user.classno },
    teachcourse: user.teachcourse,
    majors: user.majors,
    coid: Number.parseInt(user.coid, 10) || 0,
    userScore: 0,
    i18nSwitchEnabled: 1,
    lang: user.lang === 'en' ? 'en' : 'zh',
    safe: flags.safe ?? 0,
    mustBind: user.mobile || user.email ? 0 : 1,
  };
}

export function presentLogin(user: User, token: string, safe: 0 | 1): LoginResult {
  return {
    token,
    uid: String(user.id),
    is_new: 0,
    safe,
    bindWechat: user.openid ? 1 : 0,
    mobile: user.mobile ?? '',
    email: user.email ?? '',
    mustBind: user.mobile || user.email ? 0 : 1,
  };
}
