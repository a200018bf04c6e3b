import { useEffect } from 'react';
import { navigationIntended } from '../lib/navigation';
import { unsavedCalcs, useCalcs } from '../stores/calcs';

/** Spec §4: leaving the page with unsaved calculators asks first. */
export function useUnsavedWarning() {
  const unsaved = useCalcs((s) => unsavedCalcs(s).length);
  useEffect(() => {
    if (unsaved === 0) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (navigationIntended()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
