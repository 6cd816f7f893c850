/**
 * Navigation from outside React (the API client). main.tsx registers the router's navigate.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function setNavigator(fn: Navigate) {
  navigator = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }) {
  if (navigator) navigator(to, options);
  else window.location.assign(to);
}

/** The path and query the user is on now. */
export function currentLocation() {
  return `${window.location.pathname}${window.location.search}`;
}
