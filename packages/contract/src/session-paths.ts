/**
 * The session calls' paths (docs/api.md, Session calls), apart from the rest of the table in
 * paths.ts, which includes them: the web app's login page takes its addresses from here without
 * downloading every path of the API (ADR 032).
 */

export const API = '/api';

export const sessionPaths = {
  authentication: `${API}/authentication`,
  logout: `${API}/logout`,
  islogin: `${API}/islogin`,
};
