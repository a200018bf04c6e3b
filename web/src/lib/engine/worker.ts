// The app's calculation worker, built to /js/worker.js (worker-main.ts has its body). A
// published page starts it before the app, asking it to load the calculator's libraries at
// once (engine-start.ts). Libraries come from the server's `/js/lib/`; the package's Intl
// module is not part of the build: it is loaded at run time from the server's `/pkg/` only
// when a script uses Intl (intl-loader.ts).
import { SERVER_INTL_FILES } from './intl-loader';
import { serveEngine } from './worker-main';

serveEngine({ library: (name) => `/js/lib/${name}.js`, intl: SERVER_INTL_FILES });
