/** The user's picture, or the first letter of the name in a circle when there is none. */
export function UserAvatar({
  name,
  src,
  size = 64,
  testid = 'my-avatar',
}: {
  name: string;
  src?: string;
  size?: number;
  testid?: string;
}) {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  if (src) return <img className="user-avatar" src={src} alt="" width={size} height={size} data-testid={testid} />;
  return (
    <span
      className="user-avatar user-avatar-initial"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
      data-testid={testid}
      aria-hidden="true"
    >
      {initial}
    </span>
  );
}
