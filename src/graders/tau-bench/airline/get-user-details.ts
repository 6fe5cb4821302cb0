// get_user_details: the user's profile (payment methods, saved passengers, reservation ids) as JSON.
import { recordLookupTool } from "../record-lookup.js";
import type { TauTool } from "../tau-tool.js";

export const getUserDetailsTool: TauTool = recordLookupTool({
  name: "get_user_details",
  className: "GetUserDetails",
  table: "users",
  parameter: "user_id",
  notFound: "Error: user not found",
});
