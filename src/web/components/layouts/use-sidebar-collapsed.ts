import { useCallback, useEffect, useState } from 'react';

/** Where the desktop sidebar's collapsed state is kept between visits ('1' collapsed, '0' open). */
export const SIDEBAR_COLLAPSED_KEY = 'linkpilot.sidebar-collapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether the desktop sidebar is collapsed to icons, read from localStorage on mount and written on
 * each toggle, so a reload keeps the user's choice. Storage that is blocked leaves it open and only
 * for this page view. @returns [collapsed, toggle]
 */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  useEffect(() => {
    try {
      window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, collapsed ? '1' : '0');
    } catch {
      // The choice still holds for this page view when storage is blocked.
    }
  }, [collapsed]);
  const toggle = useCallback(() => setCollapsed((was) => !was), []);
  return [collapsed, toggle];
}
