// get_order_details: an order as JSON.

import { recordLookupTool } from "../record-lookup.js";
import type { TauTool } from "../tau-tool.js";

export const getOrderDetails: TauTool = recordLookupTool({
  name: "get_order_details",
  className: "GetOrderDetails",
  table: "orders",
  parameter: "order_id",
  notFound: "Error: order not found",
});
