/**
 * The `<meta name>` by which the server tells the SPA, in the HTML shell of a client-rendered page,
 * that the request came without a live session (content `SIGNED_OUT`): the SPA then knows the visitor
 * is signed out without asking `GET /api/me`, whose 401 the browser would log as an error.
 */
export const SESSION_META_NAME = 'linkpilot-session';
export const SIGNED_OUT = 'signed-out';
