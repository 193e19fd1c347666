// Temporary (QA helper, deleted after use): the e2e config, but the server serves a private client build in
// /tmp/qa4/dist, so dist/client (and the shared e2e lock guarding it) is untouched.
import base from './playwright.config';
export default { ...base, webServer: { ...base.webServer, command: 'node --import tsx /tmp/qa4/server.mts' } };
