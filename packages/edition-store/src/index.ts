export { openSharedEditions } from "./open/open-shared-editions.js";
