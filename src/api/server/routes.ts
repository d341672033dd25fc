import { bareRoute } from '../route';

/**
 * `GET /server_settings` (docs/API.md operation 22): the server's version, feature level,
 * authentication methods and organisation facts. Needs no credentials.
 */
export const getServerSettings = bareRoute('GET /server_settings');
