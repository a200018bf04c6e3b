// /source/{calcId}: opens the calculator (from this browser or the server), then edits it.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Loading } from '../../components/loading';
import { messageOf } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { isCalcId } from '../../lib/ids';
import { useCalcs } from '../../stores/calcs';
import { editorMessages } from './messages';
import { SourceEditor } from './source-editor';
import './editor.css';

type Opening = { id: string; status: 'ready' } | { id: string; status: 'failed'; message: string };

export default function SourceScreen() {
  const { calcId = '' } = useParams();
  const t = useT(editorMessages);
  const valid = isCalcId(calcId);
  const [opening, setOpening] = useState<Opening | null>(null);
  const calc = useCalcs((s) => s.calcs[calcId]);

  useEffect(() => {
    if (!valid) return;
    let current = true;
    useCalcs
      .getState()
      .open(calcId)
      .then(
        () => current && setOpening({ id: calcId, status: 'ready' }),
        (error: unknown) =>
          current && setOpening({ id: calcId, status: 'failed', message: messageOf(error) }),
      );
    return () => {
      current = false;
    };
  }, [calcId, valid]);

  useEffect(() => {
    if (!valid || opening?.id !== calcId || opening.status === 'failed') {
      document.title = `${t('untitled')} · Calcsmith`;
    }
  }, [valid, opening, calcId, t]);

  if (!valid) return <Failure message={t('invalidId')} />;
  // A new id (after a copy) shows the loading state until it is open.
  if (!opening || opening.id !== calcId) return <Loading label={t('loading')} />;
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
