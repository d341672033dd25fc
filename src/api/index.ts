export { ChatClient, type ChatClientOptions, type CallOptions, type RetryInfo } from './client';
export * from './errors';
export { FL, type ServerInfo, type NameFlavor } from './features';
export { operations, type OperationKey, type Operations } from './operations';
export type { Operation, CallContext, RealmLimits } from './operation';
