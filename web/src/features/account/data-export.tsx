// "Download my data": the account's profile, calculators with their versions, and the
// submissions the plan lets the owner read, as one JSON file from the server.
import { useState } from 'react';
import { errorFrom, messageOf } from '../../lib/api';
import { downloadBlob } from '../../lib/download';
import { useT } from '../../stores/i18n';
import { accountMessages } from '../../components/account/messages';

/** The file's name: the server's, else one with today's date. */
function fileNameOf(disposition: string | null): string {
  const named = disposition?.match(/filename="([^"]+)"/)?.[1];
  return named ?? `calcsmith-data-${new Date().toISOString().slice(0, 10)}.json`;
}

export function DataExport() {
  const t = useT(accountMessages);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch('/api/account/export', { credentials: 'same-origin' });
      if (!response.ok) throw await errorFrom(response);
      downloadBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition')));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="data-export">
      <button type="button" className="button" onClick={download} disabled={busy}>
        {busy ? t('exporting') : t('exportData')}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
