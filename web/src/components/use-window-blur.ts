import { useEffect } from 'react';

/** Spec §2: a window blur hides any open select or menu. */
export function useWindowBlur(onBlur: () => void, active = true) {
  useEffect(() => {
    if (!active) return;
    window.addEventListener('blur', onBlur);
    return () => window.removeEventListener('blur', onBlur);
  }, [onBlur, active]);
}
