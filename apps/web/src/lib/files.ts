/** The file name of a `content-disposition` header (`filename*=UTF-8''…` first), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string) {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // a malformed encoding: the plain name below
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]!.trim() : fallback;
}
