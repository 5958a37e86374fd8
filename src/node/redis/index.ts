// The quota store shared by several processes (Redis), and what the server does while it cannot be reached.
export {
  DEFAULT_QUOTA_STORE_FAILURE,
  QUOTA_STORE_FAILURE_POLICIES,
  withQuotaStoreFailurePolicy,
  type QuotaStoreFailureOptions,
  type QuotaStoreFailurePolicy,
} from './quota-store-failure.js';
export { createRedisQuotaStore, type RedisQuotaStore, type RedisQuotaStoreOptions } from './redis-quota-store.js';
