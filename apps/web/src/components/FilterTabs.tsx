import { Tabs } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useSearchParams } from '../lib/router';

export interface FilterTab {
  value: number;
  title: ReactNode;
  testid: string;
}

/**
 * A list's filter as a row of tabs kept in the address (`?<param>=`): choosing one replaces the
 * entry (Back leaves the list, not the filter), and `none` (everything) leaves the parameter out.
 * `onPick` runs first, for what the page resets with the filter (a selection).
 */
export function FilterTabs({
  param,
  value,
  none,
  tabs,
  className,
  onPick,
}: {
  param: string;
  value: number;
  none: number;
  tabs: FilterTab[];
  className?: string;
  onPick?: (value: number) => void;
}) {
  const [params, setParams] = useSearchParams();
  const pick = (next: number) => {
    onPick?.(next);
    const p = new URLSearchParams(params);
    if (next === none) p.delete(param);
    else p.set(param, String(next));
    setParams(p, { replace: true });
  };
  return (
    <Tabs activeKey={String(value)} onChange={(key) => pick(Number(key))} className={className}>
      {tabs.map((tab) => (
        <Tabs.Tab key={String(tab.value)} title={<span data-testid={tab.testid}>{tab.title}</span>} />
      ))}
    </Tabs>
  );
}
