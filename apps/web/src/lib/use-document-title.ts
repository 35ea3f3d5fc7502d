import { useEffect } from 'react';

/** The tab's title while the screen is shown, the previous one back when it goes (public pages set their own). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
