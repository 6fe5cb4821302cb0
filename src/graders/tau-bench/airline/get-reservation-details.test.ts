// get_reservation_details on the real airline data: outputs and data changes as τ-bench 59a200c's Python gives them.
import { describe, expect, it } from "vitest";
import { TAU_SHARED_DIR } from "../test-support/shared-tau-data.js";
import { runAirlineCalls } from "./test-support/airline-calls.js";

const suite = TAU_SHARED_DIR === undefined ? describe.skip : describe;

suite("get_reservation_details", () => {
  it("returns the reservation", () => {
    const run = runAirlineCalls([["get_reservation_details", '{"reservation_id": "4WQ150"}']], []);
    expect(run.outputs).toEqual([
      '{"reservation_id": "4WQ150", "user_id": "chen_jackson_3290", "origin": "DFW", "destination": "LAX", "flight_type": "round_trip", "cabin": "business", "flights": [{"origin": "DFW", "destination": "LAX", "flight_number": "HAT170", "date": "2024-05-22", "price": 883}, {"origin": "LAX", "destination": "DFW", "flight_number": "HAT022", "date": "2024-05-26", "price": 779}], "passengers": [{"first_name": "Chen", "last_name": "Jackson", "dob": "1956-07-07"}, {"first_name": "Raj", "last_name": "Smith", "dob": "1967-04-01"}, {"first_name": "Fatima", "last_name": "Martin", "dob": "1970-01-20"}], "payment_history": [{"payment_id": "gift_card_3576581", "amount": 4986}], "created_at": "2024-05-02T03:10:19", "total_baggages": 5, "nonfree_baggages": 0, "insurance": "no"}',
    ]);
    expect(run.data).toBe(run.input);
  });

  it("error: an unknown reservation is reported as 'user not found'", () => {
    const run = runAirlineCalls([["get_reservation_details", '{"reservation_id": "NOSUCH"}']], []);
    expect(run.outputs).toEqual(["Error: user not found"]);
    expect(run.data).toBe(run.input);
  });
});
