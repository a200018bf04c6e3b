import { useMemo, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { useT } from '../../stores/i18n';
import { toast } from '../../stores/ui';
import { publishedMessages } from './messages';
import { embedSnippet, oneLineSnippet, shareUrl } from './share';

/** The link dialog: the share link and both embed snippets, each with a copy button. */
export default function ShareDialog(props: {
  calcId: string;
  name: string;
  /** The visitor's current input values, which the link can carry (off by default). */
  values?: Record<string, unknown>;
  /** The step the visitor is on, which a link with the values opens on. */
  step?: string | null;
  onClose(): void;
}) {
  const t = useT(publishedMessages);
  const [withValues, setWithValues] = useState(false);
  const { calcId, values, step } = props;
  const canCarry = !!values && Object.keys(values).length > 0;
  const link = useMemo(
    () => shareUrl(calcId, undefined, withValues ? values : undefined, step),
    [calcId, withValues, values, step],
  );
  const snippet = useMemo(() => embedSnippet(props.calcId, props.name), [props.calcId, props.name]);
  const oneLine = useMemo(
    () => oneLineSnippet(props.calcId, props.name),
    [props.calcId, props.name],
  );
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast(t('copied'));
    } catch {
      // No clipboard permission: the text stays selected for a manual copy.
    }
  };
  return (
    <Dialog
      title={t('shareTitle')}
      onClose={props.onClose}
      initialFocus="#share-link"
      dismiss={t('close')}
    >
      <label className="field-label" htmlFor="share-link">
        {t('linkLabel')}
      </label>
      <div className="inline-fields">
        <input
          id="share-link"
          className="field"
          readOnly
          value={link}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="button" onClick={() => copy(link)}>
          {t('copy')}
        </button>
      </div>
      {canCarry && (
        <label className="checkbox share-values">
          <input
            type="checkbox"
            checked={withValues}
            onChange={(event) => setWithValues(event.target.checked)}
          />
          <span>{t('shareValues')}</span>
        </label>
      )}
      <label className="field-label" htmlFor="share-one-line">
        {t('oneLineLabel')}
      </label>
      <textarea
        id="share-one-line"
        className="field code"
        rows={3}
        readOnly
        value={oneLine}
        onFocus={(e) => e.target.select()}
      />
      <button type="button" className="button" onClick={() => copy(oneLine)}>
        {t('copy')}
      </button>
      <label className="field-label" htmlFor="share-embed">
        {t('embedLabel')}
      </label>
      <textarea
        id="share-embed"
        className="field code"
        rows={5}
        readOnly
        value={snippet}
        onFocus={(e) => e.target.select()}
      />
      <button type="button" className="button" onClick={() => copy(snippet)}>
        {t('copy')}
      </button>
    </Dialog>
  );
}
