/**
 * WeChat QR login, behind a provider so that the flow is the same whoever answers:
 * the provider gives the address the QR code shows, and turns the code WeChat sends back to the
 * callback into the scanner's identity.
 */
export interface WechatIdentity {
  openid: string;
  unionid?: string;
  nickname?: string;
}

export interface WechatProvider {
  qrUrl(codeKey: string, callbackUrl: string): string;
  exchange(code: string): Promise<WechatIdentity>;
}

/** WeChat Open Platform "website application" login (snsapi_login); needs an appid and secret. */
export class WechatOpenPlatform implements WechatProvider {
  constructor(
    private appid: string,
    private secret: string,
    private fetchImpl: typeof fetch = fetch,
  ) {}
  qrUrl(codeKey: string, callbackUrl: string) {
    const q = new URLSearchParams({
      appid: this.appid,
      redirect_uri: callbackUrl,
      response_type: 'code',
      scope: 'snsapi_login',
      state: codeKey,
    });
    return `https://open.weixin.qq.com/connect/qrconnect?${q}#wechat_redirect`;
  }
  async exchange(code: string): Promise<WechatIdentity> {
    const q = new URLSearchParams({ appid: this.appid, secret: this.secret, code, grant_type: 'authorization_code' });
    const res = await this.fetchImpl(`https://api.weixin.qq.com/sns/oauth2/access_token?${q}`, {
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json()) as { openid?: string; unionid?: string; errmsg?: string };
    if (!body.openid) throw new Error(`WeChat refused the code: ${body.errmsg ?? res.status}`);
    return { openid: body.openid, unionid: body.unionid };
  }
}
