// get_user_details: a user's profile as JSON.

import { recordLookupTool } from "../record-lookup.js";
import type { TauTool } from "../tau-tool.js";

export const getUserDetails: TauTool = recordLookupTool({
  name: "get_user_details",
  className: "GetUserDetails",
  table: "users",
  parameter: "user_id",
  notFound: "Error: user not found",
});
