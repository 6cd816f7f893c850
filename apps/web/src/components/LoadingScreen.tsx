import { SpinLoading } from 'antd-mobile';

/** A centred spinner with a line of text, for whole-page waits. */
export function LoadingScreen({ text, testid = 'loading' }: { text?: string; testid?: string }) {
  return (
    <div className="loading-screen" data-testid={testid} aria-busy="true">
      <SpinLoading color="primary" style={{ '--size': '36px' }} />
      {text ? <div className="loading-text">{text}</div> : null}
    </div>
  );
}
