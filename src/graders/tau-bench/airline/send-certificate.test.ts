// send_certificate on the real airline data: outputs and data changes as τ-bench 59a200c's Python gives them.
import { describe, expect, it } from "vitest";
import type { PyValue } from "../python-data.js";
import { callTauTool, TauTaskCrash } from "../tau-tool.js";
import { TAU_SHARED_DIR } from "../test-support/shared-tau-data.js";
import { sendCertificateTool } from "./send-certificate.js";
import { runAirlineCalls } from "./test-support/airline-calls.js";

const suite = TAU_SHARED_DIR === undefined ? describe.skip : describe;

suite("send_certificate", () => {
  it("adds certificate_3221322 then certificate_3221323", () => {
    const run = runAirlineCalls(
      [
        ["send_certificate", '{"user_id": "mia_li_3668", "amount": 150}'],
        ["send_certificate", '{"user_id": "mia_li_3668", "amount": 250.0}'],
      ],
      [["users", "mia_li_3668"]],
    );
    expect(run.outputs).toEqual([
      "Certificate certificate_3221322 added to user mia_li_3668 with amount 150.",
      "Certificate certificate_3221323 added to user mia_li_3668 with amount 250.0.",
    ]);
    expect(run.recordJson("users", "mia_li_3668")).toBe(
      '{"name": {"first_name": "Mia", "last_name": "Li"}, "address": {"address1": "975 Sunset Drive", "address2": "Suite 217", "city": "Austin", "country": "USA", "state": "TX", "zip": "78750"}, "email": "mia.li3818@example.com", "dob": "1990-04-05", "payment_methods": {"credit_card_4421486": {"source": "credit_card", "brand": "visa", "last_four": "7447", "id": "credit_card_4421486"}, "certificate_4856383": {"source": "certificate", "amount": 100, "id": "certificate_4856383"}, "certificate_7504069": {"source": "certificate", "amount": 250, "id": "certificate_7504069"}, "credit_card_1955700": {"source": "credit_card", "brand": "visa", "last_four": "1907", "id": "credit_card_1955700"}, "certificate_3221322": {"source": "certificate", "amount": 150, "id": "certificate_3221322"}, "certificate_3221323": {"source": "certificate", "amount": 250.0, "id": "certificate_3221323"}}, "saved_passengers": [{"first_name": "Amelia", "last_name": "Ahmed", "dob": "1957-03-21"}], "membership": "gold", "reservations": ["NO6JO3", "AIXC49", "HKEG34"]}',
    );
  });

  it("error: user not found", () => {
    const run = runAirlineCalls([["send_certificate", '{"user_id": "nobody_1", "amount": 150}']], []);
    expect(run.outputs).toEqual(["Error: user not found"]);
    expect(run.data).toBe(run.input);
  });
});

suite("send_certificate with all three certificate ids taken", () => {
  it("throws TauTaskCrash (τ-bench's tool returns None there) and the data stays as the third call left it", () => {
    const call = ["send_certificate", '{"user_id": "mia_li_3668", "amount": 100}'] as const;
    const run = runAirlineCalls([call, call, call]);
    expect(run.outputs.at(-1)).toBe(
      "Certificate certificate_3221324 added to user mia_li_3668 with amount 100.",
    );
    const amount = new Map<string, PyValue>([
      ["user_id", "mia_li_3668"],
      ["amount", 100],
    ]);
    expect(() => callTauTool(sendCertificateTool, run.data, amount)).toThrow(TauTaskCrash);
  });
});
