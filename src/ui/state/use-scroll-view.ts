/**
 * `useScrollView(initialHeight)`: the scroll offset and height of a scrolling element, kept current through scrolls
 * (call `onScroll` from its scroll handler) and resizes (a ResizeObserver), for lists that put only the rows in view
 * in the page (the event log, the objects list).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export interface ScrollView {
  top: number;
  height: number;
}

export function useScrollView(initialHeight: number): { ref: RefObject<HTMLDivElement | null>; view: ScrollView; onScroll: () => void } {
  const ref = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<ScrollView>({ top: 0, height: initialHeight });
  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setView((v) => (v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight }));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(onScroll);
    observer.observe(el);
    onScroll();
    return () => observer.disconnect();
  }, [onScroll]);
  return { ref, view, onScroll };
}
