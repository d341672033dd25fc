/**
 * `ChannelFolder.MAX_NAME_LENGTH` / `MAX_DESCRIPTION_LENGTH` of the real server (in /register from FL 410). No zod:
 * commands import these.
 */
export const MAX_CHANNEL_FOLDER_NAME_LENGTH = 60;
export const MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH = 1024;
