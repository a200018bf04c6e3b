// "Keep the script private" (issue 32): the doc's `privateScript`, on the Regular and
// Premium plans; the server refuses it on the free plan, so the switch says why it is off.
import { useT } from '../../stores/i18n';
import { useSession } from '../../stores/session';
import type { CalcDoc } from '../../lib/types';
import { CheckboxField } from './fields';
import { editorMessages } from './messages';

/** The plans whose calculators may keep their script on the server. */
const PLANS_WITH_PRIVATE_SCRIPTS = ['regular', 'premium'];

export function PrivateScriptSetting(props: {
  doc: CalcDoc;
  onDocChange(change: (doc: CalcDoc) => CalcDoc): void;
}) {
  const t = useT(editorMessages);
  const plan = useSession((s) => String(s.user?.plan ?? 'free').toLowerCase());
  const allowed = PLANS_WITH_PRIVATE_SCRIPTS.includes(plan);
  const checked = props.doc.privateScript === true;
  return (
    <CheckboxField
      label={t('privateScript')}
      hint={t(allowed ? 'privateScriptHint' : 'privateScriptNeedsPlan')}
      checked={checked}
      // On after a downgrade, it can still be turned off.
      disabled={!allowed && !checked}
      onChange={(on) =>
        props.onDocChange((old) => {
          // Off is the default: the doc goes back to not naming it.
          const rest = { ...old };
          delete rest.privateScript;
          return on ? { ...rest, privateScript: true } : rest;
        })
      }
    />
  );
}
