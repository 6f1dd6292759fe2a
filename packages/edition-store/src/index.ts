export { openSharedEditions, type SharedEditions } from "./open/open-shared-editions.js";
export {
  EDITION_CHANNEL,
  EDITION_REFRESH_LOCK,
  SqlRefreshCoordinator,
  type SqlRefreshCoordinatorOptions,
} from "./replicas/sql-refresh-coordinator.js";
export { EDITION_TABLE, SqlEditionStore } from "./store/sql-edition-store.js";
