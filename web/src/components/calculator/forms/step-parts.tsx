// A step's frame: the progress above its inputs ("Step 2 of 3" and a bar), and Back and
// Next below them.
import { useId } from 'react';
import { useT } from '../../../stores/i18n';
import { calcMessages } from '../messages';
import type { Steps } from './use-steps';

/** "Step 2 of 3" with a progress bar that says the same. */
export function StepProgress({ steps }: { steps: Steps }) {
  const t = useT(calcMessages);
  const id = useId();
  const count = steps.shown.length;
  return (
    <div className="calc-step-progress">
      <p id={id} className="calc-step-count">
        {t('stepOf', { n: steps.position, count })}
      </p>
      <progress max={count} value={steps.position} aria-labelledby={id} />
    </div>
  );
}

/** Back (not on the first step) and Next (not on the last). */
export function StepNav({ steps }: { steps: Steps }) {
  const t = useT(calcMessages);
  if (steps.shown.length < 2) return null;
  return (
    <div className="calc-step-nav">
      {steps.position > 1 && (
        <button type="button" className="button" onClick={steps.back}>
          {t('back')}
        </button>
      )}
      {!steps.isLast && (
        <button type="button" className="button primary" onClick={steps.next}>
          {t('next')}
        </button>
      )}
    </div>
  );
}
