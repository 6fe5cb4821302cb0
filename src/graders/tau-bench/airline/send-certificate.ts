// send_certificate: a certificate of `amount` added to the user's payment methods, under the first free id of
// certificate_3221322, _3221323, _3221324. With all three taken τ-bench's tool returns None, which its `Env.step`
// cannot turn into an observation (pydantic refuses None for the `str` field): the episode crashes. That case
// throws `TauTaskCrash` (not a PythonException, so callTauTool does not make it an `Error:` text).
import { clonePyValue, type PyValue, pyStr } from "../python-data.js";
import { pyGetDict, pyHasKey } from "../python-ops.js";
import { TauTaskCrash, type TauTool, tableOf, withRecord } from "../tau-tool.js";
import { argument } from "../tool-arguments.js";

/** τ-bench's fixed certificate ids (it assumes at most three per task). */
const CERTIFICATE_IDS = ["certificate_3221322", "certificate_3221323", "certificate_3221324"] as const;

export const sendCertificateTool: TauTool = {
  name: "send_certificate",
  className: "SendCertificate",
  parameters: [{ name: "user_id" }, { name: "amount" }],
  invoke(data, args) {
    const users = tableOf(data, "users");
    const userId = argument(args, "user_id");
    const amount = argument(args, "amount");
    if (!pyHasKey(users, userId)) return { output: "Error: user not found", data };
    const methods = pyGetDict(users.get(userId) ?? null, "payment_methods");
    const paymentId = CERTIFICATE_IDS.find((id) => !methods.has(id));
    if (paymentId === undefined) {
      throw new TauTaskCrash(`send_certificate returned None: ${userId} already has all three certificates`);
    }
    const next = withRecord(data, "users", userId, (user) => {
      const certificate = new Map<string, PyValue>([
        ["source", "certificate"],
        ["amount", clonePyValue(amount)],
        ["id", paymentId],
      ]);
      pyGetDict(user, "payment_methods").set(paymentId, certificate);
    });
    return {
      output: `Certificate ${paymentId} added to user ${userId} with amount ${pyStr(amount)}.`,
      data: next,
    };
  },
};
