import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 draws dialogs and toasts with its own root; React 19 needs createRoot for that.
 * Not first-load code (its default renderer brings rc-util and babel's runtime): the loader of every
 * page outside the core awaits it, and the core's modules that show a dialog or toast import it (issue 10).
 */
unstableSetRender((node, container) => {
  const host = container as Element & { _reactRoot?: Root };
  host._reactRoot ??= createRoot(host);
  const root = host._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

export const antdRenderReady = true;
