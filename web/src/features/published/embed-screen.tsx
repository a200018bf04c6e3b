// /embed/{calcId}: the calculator alone, for an iframe. It tells the parent page its
// height so the frame can fit it, and answers a host page's embed.js (embed-bridge.ts).
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Loading } from '../../components/loading';
import { useT } from '../../stores/i18n';
import { publishedMessages } from './messages';
import { pinnedLook, useApplyLook, useSystemTheme } from './pinned-look';
import { PublishedCalculator } from './published-calculator';
import { usePublished } from './use-published';
import { useSession } from '../../stores/session';
import { useVisitBeacons } from './beacons';
import { hashValues } from './hash-values';
import { reportHeight } from './embed-bridge';

/**
 * The page that embeds the frame, as the browser tells it (its referrer: the whole address
 * from the same site, else usually its origin); nothing outside a frame.
 */
function embeddingPage(): string | undefined {
  if (window.parent === window) return undefined;
  return /^https?:\/\//.test(document.referrer) ? document.referrer : undefined;
}

export default function EmbedScreen() {
  const { calcId } = useParams();
  const [search] = useSearchParams();
  const t = useT(publishedMessages);
  const state = usePublished(calcId);
  const root = useRef<HTMLDivElement>(null);
  // In a frame the calculator is the whole page: its theme and language are the page's;
  // unpinned, the theme is the visitor's system's.
  const pinned = pinnedLook(state.status === 'ready' ? state.calc.doc_style : undefined, search);
  const system = useSystemTheme();
  const look = { ...pinned, theme: pinned.theme ?? system };
  useApplyLook(look);
  const transparent = search.get('transparent') === '1';
  const owns = useSession((s) => s.user?.calcs.some((c) => c._id === calcId) ?? false);
  const [fromHash] = useState(() => hashValues(window.location.hash) !== null);
  const beacons = useVisitBeacons(calcId, {
    ready: state.status === 'ready',
    owns,
    embed: true,
    fromHash,
  });

  useEffect(() => {
    if (!transparent) return;
    // The host page shows through around (and, without an author's colour, under) it.
    document.documentElement.classList.add('embed-transparent');
    return () => document.documentElement.classList.remove('embed-transparent');
  }, [transparent]);

  useEffect(() => {
    const element = root.current;
    if (!element || window.parent === window) return;
    if (!calcId) return;
    const report = () => reportHeight(window.parent, calcId, Math.ceil(element.scrollHeight));
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, [calcId, state.status]);

  return (
    <div className="embed" ref={root}>
      <main id="main">
        {state.status === 'loading' && <Loading />}
        {state.status === 'failed' && (
          <p role="alert">{state.notFound ? t('notFound') : state.message}</p>
        )}
        {state.status === 'ready' && (
          <>
            <h1 className="visually-hidden">{String(state.calc.doc.name || t('untitled'))}</h1>
            <PublishedCalculator
              key={state.id}
              calc={state.calc}
              values={state.values}
              initial={state.initial}
              refused={state.refused}
              step={state.step}
              calcId={calcId}
              theme={look.theme}
              autofocus={search.get('autofocus') === '1'}
              onValuesChange={beacons.engaged}
              onError={beacons.error}
              onSubmitted={beacons.submitted}
              site={embeddingPage()}
              embedded
            />
            <a className="made-with" href={`/calc/${calcId}`} target="_blank" rel="noopener">
              {t('madeWith')}
            </a>
          </>
        )}
      </main>
    </div>
  );
}
