import { ExclamationCircleFill } from 'antd-mobile-icons';

/** The server's refusal, shown in the form it belongs to (spec 1 §8). */
export function FormError({ message, testid }: { message?: string | null; testid: string }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert" data-testid={testid}>
      <ExclamationCircleFill className="form-error-icon" />
      <span>{message}</span>
    </div>
  );
}
