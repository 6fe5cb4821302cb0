// Ground-truth actions of τ-bench's retail tasks whose observation is an error in upstream itself (checked by running
// upstream's tools at 59a200c on the same data): `split:task:action` → the observation. They are part of the tasks
// on purpose (the "wrong" lookups the user leads the agent into, or a failing call the task expects before a retry).

/** Why each kind of message is genuine. */
export const UPSTREAM_ERROR_REASONS: Readonly<Record<string, string>> = {
  "Error: product not found": "the task looks up an item id (a variant) as a product id",
  "Error: user not found": "the user first gives a wrong email or zip; the task then finds them another way",
  "Error: order not found": "the user gives an order id without the 'W'",
  "Error: payment method should be either the original payment method or a gift card":
    "the user asks for a refund to a method the order was not paid with",
  "Error: non-delivered order cannot be exchanged":
    "an earlier action of the same task already changed the order",
  "Error: insufficient gift card balance to pay for the price difference":
    "the gift card holds less than the difference",
  "Error: insufficient gift card balance to pay for the order":
    "the gift card holds less than the order's payment",
  "Error: insufficient gift card balance to pay for the new item":
    "the gift card holds less than the difference",
};

export const UPSTREAM_ACTION_ERRORS: Readonly<Record<string, string>> = {
  "test:2:1": "Error: product not found",
  "test:3:1": "Error: product not found",
  "test:4:1": "Error: product not found",
  "test:12:4": "Error: payment method should be either the original payment method or a gift card",
  "test:13:4": "Error: payment method should be either the original payment method or a gift card",
  "test:21:5": "Error: product not found",
  "test:21:6": "Error: product not found",
  "test:21:8": "Error: product not found",
  "test:35:0": "Error: user not found",
  "test:36:0": "Error: user not found",
  "test:37:0": "Error: user not found",
  "test:38:0": "Error: user not found",
  "test:39:0": "Error: user not found",
  "test:46:1": "Error: order not found",
  "test:46:2": "Error: order not found",
  "test:47:1": "Error: order not found",
  "test:47:2": "Error: order not found",
  "test:54:0": "Error: user not found",
  "test:55:0": "Error: user not found",
  "test:64:6": "Error: non-delivered order cannot be exchanged",
  "test:67:0": "Error: user not found",
  "test:67:1": "Error: user not found",
  "test:68:0": "Error: user not found",
  "test:106:0": "Error: insufficient gift card balance to pay for the price difference",
  "train:24:0": "Error: insufficient gift card balance to pay for the order",
  "train:27:0": "Error: insufficient gift card balance to pay for the order",
  "train:81:1": "Error: insufficient gift card balance to pay for the new item",
  "train:148:1": "Error: insufficient gift card balance to pay for the order",
  "train:161:0": "Error: insufficient gift card balance to pay for the new item",
  "train:214:0": "Error: insufficient gift card balance to pay for the price difference",
  "train:229:0": "Error: insufficient gift card balance to pay for the new item",
  "train:252:0": "Error: insufficient gift card balance to pay for the price difference",
  "train:253:0": "Error: insufficient gift card balance to pay for the order",
  "train:288:0": "Error: insufficient gift card balance to pay for the price difference",
  "train:314:3": "Error: insufficient gift card balance to pay for the new item",
  "train:349:0": "Error: insufficient gift card balance to pay for the new item",
  "train:351:2": "Error: insufficient gift card balance to pay for the order",
  "train:351:6": "Error: insufficient gift card balance to pay for the new item",
  "train:369:0": "Error: insufficient gift card balance to pay for the order",
  "train:376:1": "Error: insufficient gift card balance to pay for the new item",
  "train:427:0": "Error: insufficient gift card balance to pay for the order",
  "train:431:4": "Error: insufficient gift card balance to pay for the order",
  "train:441:0": "Error: insufficient gift card balance to pay for the new item",
  "train:469:0": "Error: insufficient gift card balance to pay for the order",
};
