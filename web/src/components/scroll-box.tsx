// A box that scrolls sideways when what it holds (a wide table) is wider than the page,
// rather than squeezing it, with a shadow at each edge that has more behind it: on a phone
// nothing else would say that the table goes on.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export function ScrollBox({
  label,
  className = '',
  children,
}: {
  /** The region's accessible name. */
  label: string;
  /** Classes of the scrolling box itself. */
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const update = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const scrolled = Math.abs(element.scrollLeft);
      const next = { start: scrolled > 1, end: hidden - scrolled > 1 };
      setMore((old) => (old.start === next.start && old.end === next.end ? old : next));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    // New rows or a narrower page change what is hidden without a scroll.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);

  return (
    <div
      className="scroll-box"
      data-more-start={more.start ? '' : undefined}
      data-more-end={more.end ? '' : undefined}
    >
      {/* Focusable, so the keyboard can scroll it too. */}
      <div ref={box} className={className} tabIndex={0} role="region" aria-label={label}>
        {children}
      </div>
    </div>
  );
}
