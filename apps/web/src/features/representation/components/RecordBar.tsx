/** A bar of the class-record pages: the label, the value, and a CSS fill of `value / of` (no charting library). */
export function Bar({
  label,
  value,
  of,
  tone = 'is-blue',
  text,
}: {
  label: string;
  value: number;
  of: number;
  tone?: string;
  text?: string;
}) {
  const share = of > 0 ? Math.min(value / of, 1) : 0;
  return (
    <div className="record-bar" data-testid="record-bar">
      <div className="record-bar-head">
        <span className="record-bar-label">{label}</span>
        <span className="record-bar-value">{text ?? value}</span>
      </div>
      <div className="record-bar-track" role="presentation">
        <div className={`record-bar-fill ${tone}`} style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
    </div>
  );
}
