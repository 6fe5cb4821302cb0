// τ-bench's retail tools, in upstream's ALL_TOOLS order (the order the agent is shown them).

import { calculate } from "../calculate.js";
import type { TauTool } from "../tau-tool.js";
import { think } from "../think.js";
import { transferToHumanAgents } from "../transfer-to-human-agents.js";
import { cancelPendingOrder } from "./cancel-pending-order.js";
import { exchangeDeliveredOrderItems } from "./exchange-delivered-order-items.js";
import { findUserIdByEmail } from "./find-user-id-by-email.js";
import { findUserIdByNameZip } from "./find-user-id-by-name-zip.js";
import { getOrderDetails } from "./get-order-details.js";
import { getProductDetails } from "./get-product-details.js";
import { getUserDetails } from "./get-user-details.js";
import { listAllProductTypes } from "./list-all-product-types.js";
import { modifyPendingOrderAddress } from "./modify-pending-order-address.js";
import { modifyPendingOrderItems } from "./modify-pending-order-items.js";
import { modifyPendingOrderPayment } from "./modify-pending-order-payment.js";
import { modifyUserAddress } from "./modify-user-address.js";
import { returnDeliveredOrderItems } from "./return-delivered-order-items.js";

export const RETAIL_TOOLS: readonly TauTool[] = [
  calculate,
  cancelPendingOrder,
  exchangeDeliveredOrderItems,
  findUserIdByEmail,
  findUserIdByNameZip,
  getOrderDetails,
  getProductDetails,
  getUserDetails,
  listAllProductTypes,
  modifyPendingOrderAddress,
  modifyPendingOrderItems,
  modifyPendingOrderPayment,
  modifyUserAddress,
  returnDeliveredOrderItems,
  think,
  transferToHumanAgents,
];
