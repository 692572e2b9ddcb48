// Injected into the CommonJS server bundle (.config/build-server.js): `import.meta.url` there is
// the bundle's own URL, as it was in the ES module build.
import { pathToFileURL } from 'node:url';

export const importMetaUrl = pathToFileURL(__filename).href;
