import { useEffect, useState } from 'react';

/** A spinner that appears only when loading takes longer than a blink. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="loading" role="status" aria-live="polite">
      {visible && (
        <>
          <span className="spinner" aria-hidden="true" />
          <span>{label}</span>
        </>
      )}
    </div>
  );
}
