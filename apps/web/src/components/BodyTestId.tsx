import { AutoCenter } from 'antd-mobile';
import type { ReactNode } from 'react';

/**
 * antd-mobile's Dialog drops `data-*` props, and both Dialog and Popup keep them (when they do) on
 * a root without a size of its own, which browser tests see as hidden. This marker puts the test
 * hook on the visible body of the dialog or popup it is rendered in.
 */
export function BodyTestId({ id }: { id: string }) {
  return (
    <span
      hidden
      ref={(el) => {
        el?.closest('.adm-center-popup-body, .adm-popup-body')?.setAttribute('data-testid', id);
      }}
    />
  );
}

/** A dialog title that also marks the dialog's body with a test hook. */
export function titleWithTestId(title: ReactNode, id: string): ReactNode {
  return (
    <>
      {title}
      <BodyTestId id={id} />
    </>
  );
}

/** Dialog text (centred, as antd-mobile does for plain text) that marks the dialog's body with a test hook. */
export function contentWithTestId(content: string, id: string): ReactNode {
  return (
    <AutoCenter>
      {content}
      <BodyTestId id={id} />
    </AutoCenter>
  );
}
