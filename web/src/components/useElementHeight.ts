import { useLayoutEffect, useState } from 'react';

/**
 * The height of an element as the layout gives it (a flex child filling a drawer), followed while it
 * changes; `fallback` until it has been measured, or where nothing measures (jsdom). Give the returned
 * ref to the element.
 */
export function useElementHeight(fallback: number): [(element: HTMLElement | null) => void, number] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState(fallback);
  useLayoutEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().height);
      if (measured > 0) setHeight(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, height];
}
