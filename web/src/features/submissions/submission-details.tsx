// One submission's details: its inputs as the calculator shows them, its outputs as the
// server displayed them to the visitor, the contact fields, the consent as shown, the page
// it came from and the version it was computed with.
import type { Schemas } from '../../lib/api/wire';
import { CONTACT_FIELDS } from '../../lib/submissions/settings';
import type { CalcDoc } from '../../lib/types';
import { useT } from '../../stores/i18n';
import { submissionsMessages } from './messages';
import { inputText } from './query';

type SubmissionView = Schemas['SubmissionView'];

export function SubmissionDetails({ row, doc }: { row: SubmissionView; doc: CalcDoc | null }) {
  const t = useT(submissionsMessages);
  const words = { yes: t('yes'), no: t('no') };
  const inputs = doc?.metaInputs ?? [];
  const valueNames = Object.keys(row.values);
  // The calculator's order first, then any name its current version no longer has.
  const inputNames = [
    ...inputs.map((i) => i.name).filter((name) => valueNames.includes(name)),
    ...valueNames.filter((name) => !inputs.some((i) => i.name === name)),
  ];
  const consentText = row.consent_text ?? '';
  return (
    <div className="submission-details">
      <p className="muted">
        {t('version', { n: row.version })}
        {row.page && (
          <>
            {' · '}
            {t('page')}: <span className="code">{row.page}</span>
          </>
        )}
      </p>
      <div className="submission-columns">
        <section>
          <h3>{t('inputs')}</h3>
          <dl className="submission-list">
            {inputNames.map((name) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>
                  {inputText(
                    inputs.find((i) => i.name === name),
                    row.values[name],
                    words,
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <section>
          <h3>{t('outputs')}</h3>
          <dl className="submission-list">
            {Object.entries(row.display).map(([name, shown]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{displayText(shown)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section>
          <h3>{t('contact')}</h3>
          <dl className="submission-list">
            {CONTACT_FIELDS.filter((field) => field in row.contact).map((field) => (
              <div key={field}>
                <dt>{t(field)}</dt>
                <dd className={field === 'message' ? 'submission-message' : undefined}>
                  {field === 'consent'
                    ? t(row.contact.consent === true ? 'consentGiven' : 'consentNotGiven', {
                        text: consentText,
                      })
                    : String(row.contact[field])}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </div>
  );
}

/** An output's display: its text, or a table's rows one a line. */
function displayText(shown: unknown): string {
  if (shown === null || shown === undefined) return '—';
  if (typeof shown === 'string') return shown;
  if (Array.isArray(shown))
    return shown.map((row) => Object.values(row as Record<string, string>).join(' · ')).join('\n');
  return JSON.stringify(shown);
}
