// cancel_reservation on the real airline data: outputs and data changes as τ-bench 59a200c's Python gives them.
import { describe, expect, it } from "vitest";
import { TAU_SHARED_DIR } from "../test-support/shared-tau-data.js";
import { runAirlineCalls } from "./test-support/airline-calls.js";

const suite = TAU_SHARED_DIR === undefined ? describe.skip : describe;

suite("cancel_reservation", () => {
  it("refunds every payment and marks the reservation cancelled", () => {
    const run = runAirlineCalls(
      [["cancel_reservation", '{"reservation_id": "4WQ150"}']],
      [
        ["reservations", "4WQ150"],
        ["users", "chen_jackson_3290"],
      ],
    );
    expect(run.outputs).toEqual([
      '{"reservation_id": "4WQ150", "user_id": "chen_jackson_3290", "origin": "DFW", "destination": "LAX", "flight_type": "round_trip", "cabin": "business", "flights": [{"origin": "DFW", "destination": "LAX", "flight_number": "HAT170", "date": "2024-05-22", "price": 883}, {"origin": "LAX", "destination": "DFW", "flight_number": "HAT022", "date": "2024-05-26", "price": 779}], "passengers": [{"first_name": "Chen", "last_name": "Jackson", "dob": "1956-07-07"}, {"first_name": "Raj", "last_name": "Smith", "dob": "1967-04-01"}, {"first_name": "Fatima", "last_name": "Martin", "dob": "1970-01-20"}], "payment_history": [{"payment_id": "gift_card_3576581", "amount": 4986}, {"payment_id": "gift_card_3576581", "amount": -4986}], "created_at": "2024-05-02T03:10:19", "total_baggages": 5, "nonfree_baggages": 0, "insurance": "no", "status": "cancelled"}',
    ]);
    expect(run.recordJson("reservations", "4WQ150")).toBe(
      '{"reservation_id": "4WQ150", "user_id": "chen_jackson_3290", "origin": "DFW", "destination": "LAX", "flight_type": "round_trip", "cabin": "business", "flights": [{"origin": "DFW", "destination": "LAX", "flight_number": "HAT170", "date": "2024-05-22", "price": 883}, {"origin": "LAX", "destination": "DFW", "flight_number": "HAT022", "date": "2024-05-26", "price": 779}], "passengers": [{"first_name": "Chen", "last_name": "Jackson", "dob": "1956-07-07"}, {"first_name": "Raj", "last_name": "Smith", "dob": "1967-04-01"}, {"first_name": "Fatima", "last_name": "Martin", "dob": "1970-01-20"}], "payment_history": [{"payment_id": "gift_card_3576581", "amount": 4986}, {"payment_id": "gift_card_3576581", "amount": -4986}], "created_at": "2024-05-02T03:10:19", "total_baggages": 5, "nonfree_baggages": 0, "insurance": "no", "status": "cancelled"}',
    );
    expect(run.recordJson("users", "chen_jackson_3290")).toBe(
      '{"name": {"first_name": "Chen", "last_name": "Jackson"}, "address": {"address1": "848 Elm Avenue", "address2": "Suite 690", "city": "Seattle", "country": "USA", "state": "WA", "zip": "98174"}, "email": "chen.jackson9941@example.com", "dob": "1956-07-07", "payment_methods": {"gift_card_3576581": {"source": "gift_card", "amount": 245, "id": "gift_card_3576581"}}, "saved_passengers": [{"first_name": "Raj", "last_name": "Smith", "dob": "1967-04-01"}], "membership": "silver", "reservations": ["4WQ150", "DDHPNX", "Y69PCE", "2JV270"]}',
    );
  });

  it("error: reservation not found", () => {
    const run = runAirlineCalls([["cancel_reservation", '{"reservation_id": "NOSUCH"}']], []);
    expect(run.outputs).toEqual(["Error: reservation not found"]);
    expect(run.data).toBe(run.input);
  });

  it("error: an unhashable id is a TypeError", () => {
    const run = runAirlineCalls([["cancel_reservation", '{"reservation_id": ["4WQ150"]}']], []);
    expect(run.outputs).toEqual(["Error: unhashable type: 'list'"]);
    expect(run.data).toBe(run.input);
  });
});
