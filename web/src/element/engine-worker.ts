// `@calcsmith/element`'s calculation worker (`worker.js` in the package): the app's worker
// body (worker-main.ts) with the engine's files taken from the package's own folder, so the
// element needs no Calcsmith server: the libraries under `lib/`, the Intl module beside it.
import { serveEngine } from '../lib/engine/worker-main';

/** This worker's address: the package's folder (a variable, so the bundler leaves it alone). */
const HERE = import.meta.url;
const inPackage = (path: string) => new URL(path, HERE).href;

serveEngine({
  library: (name) => inPackage(`lib/${name}.js`),
  intl: {
    glue: inPackage('calcsmith_engine_intl.js'),
    wasm: inPackage('calcsmith_engine_intl_bg.wasm'),
    data: inPackage('intl/'),
  },
});
