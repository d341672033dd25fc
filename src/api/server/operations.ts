import * as z from 'zod';
import { FL } from '../features';
import { ServerSettings } from './models';
import { defineOperation, envelope } from '../operation';
import { renameKeys } from '../normalize';

/** 22. `GET /server_settings` — no authentication. */
export const getServerSettings = defineOperation({
  method: 'GET',
  path: '/server_settings',
  params: z.object({}),
  response: envelope(ServerSettings.shape),
  auth: false,
  normalize: (body, ctx) => {
    const out = renameKeys(body, {
      zulip_feature_level: 'chat_feature_level',
      zulip_version: 'chat_version',
      zulip_merge_base: 'chat_merge_base',
    });
    // FL.realmUrl: older servers send only the deprecated `realm_uri`.
    if (out.realm_url === undefined && typeof out.realm_uri === 'string') out.realm_url = out.realm_uri;
    void ctx;
    return out;
  },
});

void FL;
