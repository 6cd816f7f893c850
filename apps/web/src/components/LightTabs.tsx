import 'antd-mobile/es/components/tabs/tabs.css';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

export interface LightTab {
  key: string;
  title: ReactNode;
}

/**
 * A bar of tabs drawn like antd-mobile's Tabs (its classes and style sheet: stretched tabs, the
 * active line under the active title, sliding to a new one), without react-spring: the course list
 * shows it on its first render, and /ktpCourse's first load has no animation library (issue 10).
 * Header only: the page renders the active tab's content itself.
 */
export function LightTabs({
  tabs,
  activeKey,
  onChange,
  className,
}: {
  tabs: LightTab[];
  activeKey: string;
  onChange: (key: string) => void;
  className?: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const [line, setLine] = useState<{ x: number; width: number; animate: boolean } | null>(null);

  // the tabs' keys as one value: a parent building its tabs anew at every render does not run the effect again
  const keys = tabs.map((tab) => tab.key).join('\n');
  const placed = useRef(false);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      // the first child is the line, then one wrapper per tab
      const index = keys.split('\n').indexOf(activeKey);
      const tab = list.children.item(index + 1)?.firstElementChild as HTMLElement | null | undefined;
      const next = index >= 0 && tab ? { x: tab.offsetLeft, width: tab.offsetWidth } : { x: 0, width: 0 };
      setLine((current) =>
        current && current.x === next.x && current.width === next.width
          ? current
          : { ...next, animate: current !== null && current.width > 0 && next.width > 0 },
      );
    };
    // another tab chosen: the line moves at once. The first time, ResizeObserver's first report places it: it comes
    // after the browser's own layout, so the page's first render forces no layout of its own (/ktpCourse's
    // blocking time: a 166 ms task at Lighthouse's 4x)
    if (placed.current) measure();
    placed.current = true;
    const observer = new ResizeObserver(measure);
    for (const tab of list.querySelectorAll('[role="tab"]')) observer.observe(tab);
    return () => observer.disconnect();
  }, [activeKey, keys]);

  const move = (event: React.KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = tabs.findIndex((tab) => tab.key === activeKey);
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (next) onChange(next.key);
  };

  return (
    <div className={className ? `adm-tabs ${className}` : 'adm-tabs'}>
      <div className="adm-tabs-header">
        <div className="adm-tabs-tab-list" ref={listRef} role="tablist" onKeyDown={move}>
          <div
            className="adm-tabs-tab-line"
            style={{
              width: line?.width ?? 0,
              transform: `translateX(${line?.x ?? 0}px)`,
              transition: line?.animate ? 'transform 0.3s ease, width 0.3s ease' : undefined,
            }}
          />
          {tabs.map((tab) => {
            const active = tab.key === activeKey;
            return (
              <div key={tab.key} className="adm-tabs-tab-wrapper adm-tabs-tab-wrapper-stretch">
                <div
                  role="tab"
                  aria-selected={active}
                  tabIndex={active ? 0 : -1}
                  className={active ? 'adm-tabs-tab adm-tabs-tab-active' : 'adm-tabs-tab'}
                  onClick={() => {
                    if (!active) onChange(tab.key);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') onChange(tab.key);
                  }}
                >
                  {tab.title}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
