/** 13812348000 → 138****8000 */
export function maskMobile(mobile: string) {
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile;
}

/** alice@example.com → al***@example.com */
export function maskEmail(email: string) {
  const at = email.indexOf('@');
  if (at < 1) return email;
  const name = email.slice(0, at);
  return `${name.slice(0, Math.min(2, name.length))}***${email.slice(at)}`;
}

export function maskAccount(value: string) {
  return value.includes('@') ? maskEmail(value) : maskMobile(value);
}
