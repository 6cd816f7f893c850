import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

/** A form's full-width submit button; busy while the form is being sent. */
export function SubmitButton({
  testid,
  loading = false,
  disabled = loading,
  color = 'primary',
  children,
}: {
  testid: string;
  loading?: boolean;
  disabled?: boolean;
  color?: 'primary' | 'danger';
  children: ReactNode;
}) {
  return (
    <Button
      block
      type="submit"
      color={color}
      size="large"
      shape="rounded"
      loading={loading}
      disabled={disabled}
      data-testid={testid}
      className="submit-button"
    >
      {children}
    </Button>
  );
}
