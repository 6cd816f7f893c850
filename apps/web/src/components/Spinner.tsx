/**
 * The first-load spinner: plain CSS (styles.css `.spinner`, the same as index.html's placeholder), so
 * the shell's waits need no animation library; pages may still use antd-mobile's SpinLoading. `label`
 * names the wait for a screen reader (a progressbar has a name).
 */
export function Spinner({ size = 36, label }: { size?: number; label: string }) {
  return <span className="spinner" role="progressbar" aria-label={label} style={{ width: size, height: size }} />;
}
