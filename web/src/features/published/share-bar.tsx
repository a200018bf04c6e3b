import { lazy, Suspense, useState } from 'react';
import { useT } from '../../stores/i18n';
import { publishedMessages } from './messages';
import { facebookUrl, mailUrl, POPUP_FEATURES, shareUrl, twitterUrl } from './share';

const ShareDialog = lazy(() => import('../../partials/share_dialog'));

/**
 * Share by the micro-blogging service, the social network, e-mail and a link dialog; the
 * dialog's link can carry the visitor's current `values` (and `step`).
 */
export function ShareBar({
  calcId,
  name,
  values,
  step,
}: {
  calcId: string;
  name: string;
  values?: Record<string, unknown>;
  /** The step the visitor is on (a calculator with steps). */
  step?: string | null;
}) {
  const t = useT(publishedMessages);
  const [dialog, setDialog] = useState(false);
  const popup = (url: string) => window.open(url, 'calcsmith-share', POPUP_FEATURES);
  return (
    <div className="share-bar" role="group" aria-label={t('share')}>
      <span className="muted">{t('shareOn')}</span>
      <button
        type="button"
        className="button subtle"
        onClick={() => popup(twitterUrl(shareUrl(calcId), name))}
      >
        {t('twitter')}
      </button>
      <button
        type="button"
        className="button subtle"
        onClick={() => popup(facebookUrl(shareUrl(calcId)))}
      >
        {t('facebook')}
      </button>
      <a className="button subtle" href={mailUrl(shareUrl(calcId), t('emailSubject', { name }))}>
        {t('email')}
      </a>
      <button type="button" className="button subtle" onClick={() => setDialog(true)}>
        {t('link')}
      </button>
      {dialog && (
        <Suspense fallback={null}>
          <ShareDialog
            calcId={calcId}
            name={name}
            values={values}
            step={step}
            onClose={() => setDialog(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
