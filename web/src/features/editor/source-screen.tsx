// /source/{calcId}: opens the calculator (from this browser or the server), then edits it.
// A calculator it cannot open is never shown as a blank doc (a save would put that over
// the real one): a 401 waits for a sign-in, a 404 says so and offers a way on.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Loading } from '../../components/loading';
import { ApiError, messageOf } from '../../lib/api';
import { useT } from '../../stores/i18n';
import { isCalcId } from '../../lib/ids';
import { useCalcs } from '../../stores/calcs';
import { editorMessages } from './messages';
import { NotYours, SignInToOpen } from './open-failure';
import { SourceEditor } from './source-editor';
import './editor.css';

type Opening =
  | { id: string; status: 'ready' }
  | { id: string; status: 'not_found' }
  | { id: string; status: 'needs_sign_in' }
  | { id: string; status: 'failed'; message: string };

function failureOf(id: string, error: unknown): Opening {
  if (error instanceof ApiError && error.code === 'not_found') return { id, status: 'not_found' };
  if (error instanceof ApiError && error.code === 'cancelled') {
    return { id, status: 'needs_sign_in' };
  }
  return { id, status: 'failed', message: messageOf(error) };
}

export default function SourceScreen() {
  const { calcId = '' } = useParams();
  const t = useT(editorMessages);
  const valid = isCalcId(calcId);
  const [opening, setOpening] = useState<Opening | null>(null);
  const [attempt, setAttempt] = useState(0);
  const calc = useCalcs((s) => s.calcs[calcId]);

  useEffect(() => {
    if (!valid) return;
    let current = true;
    useCalcs
      .getState()
      .open(calcId)
      .then(
        () => current && setOpening({ id: calcId, status: 'ready' }),
        (error: unknown) => current && setOpening(failureOf(calcId, error)),
      );
    return () => {
      current = false;
    };
  }, [calcId, valid, attempt]);

  useEffect(() => {
    if (!valid || opening?.id !== calcId || opening.status === 'failed') {
      document.title = `${t('untitled')} · Calcsmith`;
    }
  }, [valid, opening, calcId, t]);

  if (!valid) return <Failure message={t('invalidId')} />;
  // A new id (after a copy) shows the loading state until it is open.
  if (!opening || opening.id !== calcId) return <Loading label={t('loading')} />;
  if (opening.status === 'not_found') return <NotYours key={calcId} calcId={calcId} />;
  if (opening.status === 'needs_sign_in') {
    return (
      <SignInToOpen
        onRetry={() => {
          setOpening(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  if (opening.status === 'failed') return <Failure message={opening.message} />;
  if (!calc) return <Failure message={t('gone')} />;
  return <SourceEditor key={calcId} calc={calc} />;
}

function Failure({ message }: { message: string }) {
  return (
    <div className="page narrow">
      <p className="form-error" role="alert">
        {message}
      </p>
    </div>
  );
}
