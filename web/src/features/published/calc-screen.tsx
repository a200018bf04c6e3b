// /calc/{calcId}: the published calculator (spec §2).
import { useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useParams } from 'react-router';
import { Loading } from '../../components/loading';
import { useT } from '../../stores/i18n';
import { calcClient } from '../../components/calculator/use-calculation';
import { isPrivateScript } from '../../components/calculator/server-calculation';
import { keepCalculatorOffline, keepIntlModuleOffline } from '../../lib/offline/keep-offline';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { publishedMessages } from './messages';
import { PublishedCalculator } from './published-calculator';
import { pinnedLook, useApplyLook } from './pinned-look';
import { ShareBar } from './share-bar';
import { usePublished } from './use-published';
import { useVisitBeacons } from './beacons';
import { hashValues } from './hash-values';

/** The longest a page waits for its first calculation before it saves itself for offline use. */
const KEEP_OFFLINE_WAIT_MS = 10_000;

export default function CalcScreen() {
  const { calcId } = useParams();
  const t = useT(publishedMessages);
  const state = usePublished(calcId, { offline: true });
  // The visitor's values once they change any (before that, the ones the page opened with).
  const [changed, setChanged] = useState<{ id: string; values: Record<string, unknown> }>();
  // The step the visitor moved to, for the same calculator (else the link's).
  const [movedTo, setMovedTo] = useState<{ id: string; step: string }>();
  const owns = useSession((s) => s.user?.calcs.some((c) => c._id === calcId) ?? false);
  const name = state.status === 'ready' ? String(state.calc.doc.name || '') : '';
  // The author's theme is the calculator's; the page around it follows the visitor.
  const look = pinnedLook(state.status === 'ready' ? state.calc.doc_style : undefined, null);
  useApplyLook({ locale: look.locale });
  // The author's analytics: not for their own visits, nor a copy shown offline.
  const [fromHash] = useState(() => hashValues(window.location.hash) !== null);
  const beacons = useVisitBeacons(calcId, {
    ready: state.status === 'ready' && !state.savedAt,
    owns,
    fromHash,
  });

  useEffect(() => {
    document.title = name ? `${name} · Calcsmith` : 'Calcsmith';
  }, [name]);

  // The page, its modules and the engine are kept by the service worker; the libraries
  // this calculator uses are asked for (the page fetched them before it was there). Not
  // before the page's first calculation: installing saves the whole build (~5 MB), which
  // took the CPU and the network from it (issue 34), so it waits for the worker's first
  // answer, or at most KEEP_OFFLINE_WAIT_MS.
  const doc = state.status === 'ready' ? state.calc.doc : null;
  useEffect(() => {
    // A private script's calculator calculates on the server only: nothing to keep.
    if (!doc || isPrivateScript(doc)) return;
    let live = true;
    const waited = new Promise((wake) => setTimeout(wake, KEEP_OFFLINE_WAIT_MS));
    void Promise.race([calcClient().firstAnswer, waited]).then(() => {
      if (live) keepCalculatorOffline(doc);
    });
    return () => {
      live = false;
    };
  }, [doc]);
  // So is the Intl module, once the worker has loaded it for a calculator that uses Intl.
  useEffect(() => calcClient().onIntlLoaded(keepIntlModuleOffline), []);

  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failed')
    return (
      <Missing
        message={
          state.notFound ? t('notFound') : state.offline ? t('offlineMissing') : state.message
        }
      />
    );
  return (
    <div className="page published">
      <div className="page-header">
        <h1>{name || t('untitled')}</h1>
        <div className="page-actions">
          <button type="button" className="button" onClick={() => window.print()}>
            {t('print')}
          </button>
          {owns && calcId && (
            <Link className="button" to={`/source/${calcId}`}>
              {t('editSource')}
            </Link>
          )}
        </div>
      </div>
      {state.savedAt && (
        <p className="notice offline-notice" role="status">
          {t('offlineCopy')}
        </p>
      )}
      <PublishedCalculator
        key={`${state.id}:${state.version}`}
        calc={state.calc}
        values={state.values}
        initial={state.initial}
        refused={state.refused}
        step={state.step}
        onStepChange={(step) => setMovedTo({ id: state.id, step })}
        calcId={calcId}
        theme={look.theme}
        onValuesChange={(values) => {
          setChanged({ id: state.id, values });
          beacons.engaged();
        }}
        onError={beacons.error}
        onSubmitted={beacons.submitted}
      />
      {calcId && (
        <ShareBar
          calcId={calcId}
          name={name || t('untitled')}
          values={changed?.id === state.id ? changed.values : state.values}
          step={movedTo?.id === state.id ? movedTo.step : state.step}
        />
      )}
      <PrintFooter />
    </div>
  );
}

/** On paper only: when it was printed and where from (the link carries the values). */
function PrintFooter() {
  const t = useT(publishedMessages);
  const locale = useUi((s) => s.locale);
  // Null until the first outputs are painted: a page's first date formatting loads the
  // browser's date data (about 20 ms), which would come before them.
  const [printedAt, setPrintedAt] = useState<Date | null>(null);
  const [link, setLink] = useState(() => window.location.href);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPrintedAt((old) => old ?? new Date()), 0);
    });
    // Rendered before the browser lays out the printout, so the date is the day printed.
    const update = () =>
      flushSync(() => {
        setPrintedAt(new Date());
        setLink(window.location.href);
      });
    window.addEventListener('beforeprint', update);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('beforeprint', update);
    };
  }, []);
  // Not formatted again with every keystroke (the screen renders with each value).
  const date = useMemo(
    () => printedAt?.toLocaleDateString(locale, { dateStyle: 'long' }),
    [printedAt, locale],
  );
  return (
    <p className="print-only print-footer">
      {date === undefined ? null : t('printed', { date, link })}
    </p>
  );
}

/** A calculator that is not there (or failed to load): said plainly, with a way on. */
function Missing({ message }: { message: string }) {
  const t = useT(publishedMessages);
  return (
    <div className="page narrow missing-calc">
      <h1>{t('missingTitle')}</h1>
      <p role="alert">{message}</p>
      <Link className="button primary" to="/">
        {t('goHome')}
      </Link>
    </div>
  );
}
