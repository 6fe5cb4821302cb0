// get_product_details: a product with all its variants as JSON.

import { recordLookupTool } from "../record-lookup.js";
import type { TauTool } from "../tau-tool.js";

export const getProductDetails: TauTool = recordLookupTool({
  name: "get_product_details",
  className: "GetProductDetails",
  table: "products",
  parameter: "product_id",
  notFound: "Error: product not found",
});
