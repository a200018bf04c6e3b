// The submit of an account form whose success leaves the page (a password change reloads
// it, a deleted account goes home): busy while the request runs; a failure is said in a
// toast and under the form, and the form can be sent again.
import { useState } from 'react';
import { messageOf } from '../../lib/api';
import { toast } from '../../stores/ui';

export function useLeavingSubmit() {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  /** Runs `request` (which ends by leaving the page) with the form busy. */
  const run = async (request: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await request();
    } catch (failure) {
      const text = messageOf(failure);
      toast(text);
      setError(text);
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}
