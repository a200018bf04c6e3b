// `/`: the welcome page (spec §2) — the create button, example calculators a visitor can
// try live or open in the editor, and how building, publishing and sharing work.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../stores/i18n';
import { useNewCalculator } from '../../stores/new-calculator';
import { useCalcs } from '../../stores/calcs';
import { useUi } from '../../stores/ui';
import { ExampleIcon } from './example-icon';
import { ExamplePreview } from './example-preview';
import { EXAMPLES, type Example, type ExampleKey } from './examples';
import { welcomeMessages } from './messages';
import './welcome.css';

export default function WelcomeScreen() {
  const t = useT(welcomeMessages);
  const locale = useUi((s) => s.locale);
  const navigate = useNavigate();
  const [selected, setSelected] = useState<ExampleKey>(EXAMPLES[0].key);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  // Counts "Preview" clicks: each one moves focus to the preview.
  const [previewRequests, setPreviewRequests] = useState(0);

  const docs = useMemo(
    () => new Map(EXAMPLES.map((example) => [example.key, example.doc(locale)])),
    [locale],
  );
  const selectedDoc = docs.get(selected)!;

  useEffect(() => {
    document.title = t('pageTitle');
  }, [t]);

  // After "Preview", the preview is where the visitor's attention (and focus) goes.
  useEffect(() => {
    if (previewRequests === 0) return;
    const heading = previewHeading.current;
    if (!heading) return;
    heading.focus({ preventScroll: true });
    const reduced =
      typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading.scrollIntoView?.({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  }, [previewRequests]);

  const create = useNewCalculator();

  // A new local draft holding the example: unsaved, so the visitor can change it and save a copy.
  const openInEditor = (example: Example) => {
    const calcs = useCalcs.getState();
    const id = calcs.createDraft();
    const doc = structuredClone(docs.get(example.key) ?? example.doc(locale));
    calcs.updateDoc(id, () => doc);
    navigate('/source/' + id);
  };

  const preview = (key: ExampleKey) => {
    setSelected(key);
    setPreviewRequests((count) => count + 1);
  };

  return (
    <div className="page welcome">
      <section className="welcome-hero" aria-labelledby="welcome-title">
        <div className="welcome-hero-text">
          <h1 id="welcome-title">{t('title')}</h1>
          <p className="welcome-subtitle">{t('subtitle')}</p>
          <p className="welcome-lead">{t('lead')}</p>
          <div className="welcome-actions">
            <button type="button" className="button primary welcome-create" onClick={create}>
              <span aria-hidden="true">+</span> {t('create')}
            </button>
            <span className="muted welcome-note">{t('noSignUp')}</span>
          </div>
        </div>
        <HeroArt />
      </section>

      <section className="welcome-examples" aria-labelledby="examples-title">
        <h2 id="examples-title">{t('examplesTitle')}</h2>
        <p className="muted section-lead">{t('examplesLead')}</p>
        <ul className="example-grid">
          {EXAMPLES.map((example) => {
            const doc = docs.get(example.key)!;
            const titleId = `example-${example.key}-title`;
            const active = example.key === selected;
            return (
              <li key={example.key}>
                <article
                  className={`example-card ${active ? 'active' : ''}`}
                  aria-labelledby={titleId}
                >
                  <div className="example-card-head">
                    <span className="example-icon-wrap">
                      <ExampleIcon example={example.key} />
                    </span>
                    <h3 id={titleId}>{doc.name}</h3>
                  </div>
                  <p className="example-description">{doc.description}</p>
                  <p className="example-features">
                    <span className="visually-hidden">{t('featuresLabel')}: </span>
                    {t(`${example.key}.features`)}
                  </p>
                  <div className="example-actions">
                    <button
                      type="button"
                      className="button"
                      aria-pressed={active}
                      onClick={() => preview(example.key)}
                    >
                      {t('preview')}
                    </button>
                    <button
                      type="button"
                      className="button primary"
                      onClick={() => openInEditor(example)}
                    >
                      {t('tryIt')}
                    </button>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>

        <section className="example-preview" aria-labelledby="example-preview-title">
          <div className="head-row example-preview-head">
            <div>
              <h2 id="example-preview-title" ref={previewHeading} tabIndex={-1}>
                {t('previewTitle', { name: String(selectedDoc.name) })}
              </h2>
              <p className="muted">{t('previewHint')}</p>
            </div>
            <button
              type="button"
              className="button primary"
              onClick={() => openInEditor(EXAMPLES.find((e) => e.key === selected)!)}
            >
              {t('tryIt')}
            </button>
          </div>
          <ExamplePreview key={`${selected}-${locale}`} doc={selectedDoc} />
        </section>
      </section>

      <section className="welcome-how" aria-labelledby="how-title">
        <h2 id="how-title">{t('howTitle')}</h2>
        <ol className="how-steps">
          {(['1', '2', '3'] as const).map((step) => (
            <li key={step}>
              <span className="how-number" aria-hidden="true">
                {step}
              </span>
              <h3>{t(`step${step}Title`)}</h3>
              <p>{t(`step${step}Text`)}</p>
            </li>
          ))}
        </ol>
        <button type="button" className="button primary" onClick={create}>
          <span aria-hidden="true">+</span> {t('create')}
        </button>
      </section>
    </div>
  );
}

/** A decorative calculator: inputs on the left, a result on the right. */
function HeroArt() {
  return (
    <svg className="welcome-art" viewBox="0 0 240 180" aria-hidden="true" focusable="false">
      <rect className="art-card" x="8" y="8" width="224" height="164" rx="14" />
      <rect className="art-line" x="26" y="30" width="70" height="8" rx="4" />
      <rect className="art-field" x="26" y="46" width="86" height="22" rx="6" />
      <rect className="art-line" x="26" y="82" width="54" height="8" rx="4" />
      <rect className="art-track" x="26" y="104" width="86" height="6" rx="3" />
      <circle className="art-accent" cx="76" cy="107" r="8" />
      <rect className="art-line" x="26" y="126" width="62" height="8" rx="4" />
      <rect className="art-field" x="26" y="142" width="86" height="18" rx="6" />
      <rect className="art-result" x="130" y="30" width="86" height="58" rx="10" />
      <rect className="art-result-text" x="142" y="44" width="40" height="8" rx="4" />
      <rect className="art-result-big" x="142" y="60" width="62" height="14" rx="5" />
      <rect className="art-line" x="130" y="104" width="86" height="8" rx="4" />
      <rect className="art-line soft" x="130" y="120" width="86" height="8" rx="4" />
      <rect className="art-line" x="130" y="136" width="86" height="8" rx="4" />
      <rect className="art-line soft" x="130" y="152" width="60" height="8" rx="4" />
    </svg>
  );
}
