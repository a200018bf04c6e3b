// The engine package's modules as the worker uses them (`EnginePackage`): the default
// module, and the Intl module with its locale data, which a new instance (after a trap) is
// given again.
import type * as Glue from '@calcsmith/engine';
import type { IntlData, IntlDataGlue } from './intl-data';
import type { EnginePackage } from './module-engine';

/** One of the package's modules, instantiated by `initialised`. */
export function enginePackage(glue: typeof Glue, initialised: Promise<unknown>): EnginePackage {
  return {
    init: () => initialised,
    reset: glue.__wbg_reset_state,
    createEngine: (locale) => new glue.Engine({ locale }),
    refusedAllocations: glue.refusedAllocations,
    usesIntl: glue.usesIntl,
    setShallowRecursion: glue.setShallowRecursion,
  };
}

/** The instantiated Intl module, given `data` now and after every reset. */
export function intlEnginePackage(glue: typeof Glue & IntlDataGlue, data: IntlData): EnginePackage {
  data.install(glue);
  return {
    ...enginePackage(glue, Promise.resolve()),
    reset: () => {
      glue.__wbg_reset_state();
      data.install(glue);
    },
    addMissingIntlData: () => data.addMissing(glue),
  };
}
