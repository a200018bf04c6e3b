// One legal text (terms or privacy) with a table of contents, in the interface language.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useT } from '../../stores/i18n';
import { useUi } from '../../stores/ui';
import type { LegalText } from './legal-text';
import { legalMessages } from './messages';
import './legal.css';

export function LegalPage(props: {
  kind: 'terms' | 'privacy';
  texts: Record<'en' | 'ru', LegalText>;
}) {
  const t = useT(legalMessages);
  const locale = useUi((s) => s.locale);
  const text = props.texts[locale];
  const title = props.kind === 'terms' ? t('termsTitle') : t('privacyTitle');
  const other = props.kind === 'terms' ? 'privacy' : 'terms';

  useEffect(() => {
    document.title = `${title} · Calcsmith`;
  }, [title]);

  return (
    <article className="page legal" aria-labelledby="legal-title">
      <h1 id="legal-title">{title}</h1>
      <p className="legal-intro">{text.intro}</p>
      <nav className="legal-contents" aria-labelledby="legal-contents-title">
        <h2 id="legal-contents-title">{t('contents')}</h2>
        <ol>
          {text.sections.map((section, index) => (
            <li key={index}>
              <a href={`#${props.kind}-${index + 1}`}>{section.heading.replace(/^\d+\.\s*/, '')}</a>
            </li>
          ))}
        </ol>
      </nav>
      {text.sections.map((section, index) => (
        <section key={index} id={`${props.kind}-${index + 1}`} className="legal-section">
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph, at) => (
            <p key={at}>{paragraph}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item, at) => (
                <li key={at}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <p className="legal-see-also">
        {t('seeAlso')}{' '}
        <Link to={`/${other}`}>{other === 'terms' ? t('termsTitle') : t('privacyTitle')}</Link>
      </p>
    </article>
  );
}
