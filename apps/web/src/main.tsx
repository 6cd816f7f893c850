import './lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { antdLocaleFor, applyLanguage, initialLanguage } from './lib/i18n';
import { setNavigator } from './lib/navigation';
import { RouterProvider } from './lib/router';
import { useTranslation } from './lib/translations';
import { router } from './router';
// after antd-mobile's own styles (pulled in by the imports above), so the app's rules win at equal specificity
import './styles.css';

// antd-mobile's dialogs and toasts get their React 19 renderer with the first page (lib/antdRender.ts)

setNavigator((to, options) => {
  router.navigate(to, options);
});

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

function App() {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={antdLocaleFor(i18n.language) ?? zhCN}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}

// a stored English is fetched before the first render, so nothing shows in the wrong language first. The first
// render is a transition: React gives the main thread back every few milliseconds while it builds the page,
// instead of holding it for the whole tree (a slow phone answers a tap meanwhile; Lighthouse's blocking time)
void applyLanguage(initialLanguage()).finally(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
