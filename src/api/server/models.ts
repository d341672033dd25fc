import * as z from 'zod';

/** An external authentication method of `GET /server_settings`. */
export const ExternalAuthenticationMethod = z.looseObject({
  name: z.string(),
  display_name: z.string(),
  display_icon: z.string().nullable(),
  login_url: z.string(),
  signup_url: z.string(),
});
export type ExternalAuthenticationMethod = z.infer<typeof ExternalAuthenticationMethod>;

/**
 * Server settings. Keys may be absent (older servers, root domain of a multi-organisation
 * server). Version keys are normalised to docs/API.md's `chat_*` names whatever the server sent.
 */
export const ServerSettings = z.looseObject({
  authentication_methods: z.record(z.string(), z.boolean()).optional(),
  external_authentication_methods: z.array(ExternalAuthenticationMethod).optional(),
  chat_feature_level: z.number().int().default(0),
  chat_version: z.string().optional(),
  chat_merge_base: z.string().optional(),
  push_notifications_enabled: z.boolean().optional(),
  is_incompatible: z.boolean().optional(),
  email_auth_enabled: z.boolean().optional(),
  require_email_format_usernames: z.boolean().optional(),
  realm_uri: z.string().optional(),
  realm_url: z.string().optional(),
  realm_name: z.string().optional(),
  realm_icon: z.string().optional(),
  realm_description: z.string().optional(),
  realm_web_public_access_enabled: z.boolean().optional(),
});
export type ServerSettings = z.infer<typeof ServerSettings>;
