/**
 * Two or three tabs over one form (login's password / SMS switch): plain buttons with an underline,
 * so the first load needs no animation library (antd-mobile's Tabs animates with react-spring).
 */
export function ModeTabs<K extends string>({
  tabs,
  active,
  onChange,
}: {
  tabs: { key: K; title: string; testid: string }[];
  active: K;
  onChange: (key: K) => void;
}) {
  return (
    <div className="mode-tabs" role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          className={tab.key === active ? 'mode-tab mode-tab-active' : 'mode-tab'}
          onClick={() => {
            if (tab.key !== active) onChange(tab.key);
          }}
          data-testid={tab.testid}
        >
          {tab.title}
        </button>
      ))}
    </div>
  );
}
