// What /source/{id} shows when it cannot open the calculator: never a blank doc that a
// save would then put over the real one, but what happened and a way on.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, ApiError, messageOf } from '../../lib/api';
import { useT } from '../../stores/i18n';
import { useNewCalculator } from '../../stores/new-calculator';
import type { PublishedCalc } from '../../lib/types';
import { useCalcs } from '../../stores/calcs';
import { toast } from '../../stores/ui';
import { editorMessages } from './messages';

/** Missing, or someone else's: a new calculator, or a copy of the published version. */
export function NotYours({ calcId }: { calcId: string }) {
  const t = useT(editorMessages);
  const navigate = useNavigate();
  const [published, setPublished] = useState<PublishedCalc | null>(null);
  const [copying, setCopying] = useState(false);

  useEffect(() => {
    document.title = `${t('notFoundTitle')} · Calcsmith`;
  }, [t]);

  useEffect(() => {
    let current = true;
    // Only to offer a copy: any failure just leaves the offer out.
    api.get<PublishedCalc>(`/api/calc/${calcId}`, { skipAuthHold: true }).then(
      (calc) => current && setPublished(calc),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [calcId]);

  const saveCopy = async () => {
    if (!published) return;
    setCopying(true);
    const calcs = useCalcs.getState();
    const copyId = calcs.draftFrom(published.doc, published.doc_style);
    try {
      await calcs.save(copyId);
      toast(t('savedToast'));
    } catch (error) {
      // Kept here as an unsaved draft: the editor's Save says what is wrong.
      if (!(error instanceof ApiError && error.code === 'cancelled')) toast(messageOf(error));
    }
    navigate(`/source/${copyId}`);
  };

  return (
    <OpenFailure title={t('notFoundTitle')} body={t('notFoundBody')}>
      {published && (
        <>
          <button
            type="button"
            className="button primary"
            disabled={copying}
            onClick={() => void saveCopy()}
          >
            {t('saveCopyAsOwn')}
          </button>
          <Link className="button" to={`/calc/${calcId}`}>
            {t('viewPublished')}
          </Link>
        </>
      )}
      <NewCalculator />
    </OpenFailure>
  );
}

/** The sign-in this calculator needs was cancelled. */
export function SignInToOpen({ onRetry }: { onRetry(): void }) {
  const t = useT(editorMessages);
  useEffect(() => {
    document.title = `${t('signInTitle')} · Calcsmith`;
  }, [t]);
  return (
    <OpenFailure title={t('signInTitle')} body={t('signInBody')}>
      <button
        type="button"
        className="button primary"
        // The retried load is held for a sign-in again, which opens the dialog.
        onClick={onRetry}
      >
        {t('signIn')}
      </button>
      <NewCalculator />
    </OpenFailure>
  );
}

function NewCalculator() {
  const t = useT(editorMessages);
  const create = useNewCalculator();
  return (
    <button type="button" className="button" onClick={create}>
      {t('newCalculator')}
    </button>
  );
}

function OpenFailure(props: { title: string; body: string; children: React.ReactNode }) {
  return (
    <div className="page narrow open-failure">
      <h1>{props.title}</h1>
      <p>{props.body}</p>
      <div className="open-failure-actions">{props.children}</div>
    </div>
  );
}
