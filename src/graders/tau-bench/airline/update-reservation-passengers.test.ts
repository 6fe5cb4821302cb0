// update_reservation_passengers on the real airline data: outputs and data changes as τ-bench 59a200c's Python gives them.
import { describe, expect, it } from "vitest";
import { TAU_SHARED_DIR } from "../test-support/shared-tau-data.js";
import { runAirlineCalls } from "./test-support/airline-calls.js";

const suite = TAU_SHARED_DIR === undefined ? describe.skip : describe;

suite("update_reservation_passengers", () => {
  it("replaces the passengers", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_passengers",
          '{"reservation_id": "4WQ150", "passengers": [{"first_name": "A", "last_name": "B", "dob": "1990-01-01"}, {"first_name": "C", "last_name": "D", "dob": "1991-01-01"}, {"first_name": "E", "last_name": "F", "dob": "1992-01-01"}]}',
        ],
      ],
      [["reservations", "4WQ150"]],
    );
    expect(run.outputs).toEqual([
      '{"reservation_id": "4WQ150", "user_id": "chen_jackson_3290", "origin": "DFW", "destination": "LAX", "flight_type": "round_trip", "cabin": "business", "flights": [{"origin": "DFW", "destination": "LAX", "flight_number": "HAT170", "date": "2024-05-22", "price": 883}, {"origin": "LAX", "destination": "DFW", "flight_number": "HAT022", "date": "2024-05-26", "price": 779}], "passengers": [{"first_name": "A", "last_name": "B", "dob": "1990-01-01"}, {"first_name": "C", "last_name": "D", "dob": "1991-01-01"}, {"first_name": "E", "last_name": "F", "dob": "1992-01-01"}], "payment_history": [{"payment_id": "gift_card_3576581", "amount": 4986}], "created_at": "2024-05-02T03:10:19", "total_baggages": 5, "nonfree_baggages": 0, "insurance": "no"}',
    ]);
    expect(run.recordJson("reservations", "4WQ150")).toBe(
      '{"reservation_id": "4WQ150", "user_id": "chen_jackson_3290", "origin": "DFW", "destination": "LAX", "flight_type": "round_trip", "cabin": "business", "flights": [{"origin": "DFW", "destination": "LAX", "flight_number": "HAT170", "date": "2024-05-22", "price": 883}, {"origin": "LAX", "destination": "DFW", "flight_number": "HAT022", "date": "2024-05-26", "price": 779}], "passengers": [{"first_name": "A", "last_name": "B", "dob": "1990-01-01"}, {"first_name": "C", "last_name": "D", "dob": "1991-01-01"}, {"first_name": "E", "last_name": "F", "dob": "1992-01-01"}], "payment_history": [{"payment_id": "gift_card_3576581", "amount": 4986}], "created_at": "2024-05-02T03:10:19", "total_baggages": 5, "nonfree_baggages": 0, "insurance": "no"}',
    );
  });

  it("error: reservation not found", () => {
    const run = runAirlineCalls(
      [["update_reservation_passengers", '{"reservation_id": "NOSUCH", "passengers": []}']],
      [],
    );
    expect(run.outputs).toEqual(["Error: reservation not found"]);
    expect(run.data).toBe(run.input);
  });

  it("error: number of passengers does not match", () => {
    const run = runAirlineCalls(
      [["update_reservation_passengers", '{"reservation_id": "4WQ150", "passengers": []}']],
      [],
    );
    expect(run.outputs).toEqual(["Error: number of passengers does not match"]);
    expect(run.data).toBe(run.input);
  });

  it("error: a number of passengers is a TypeError", () => {
    const run = runAirlineCalls(
      [["update_reservation_passengers", '{"reservation_id": "4WQ150", "passengers": 3}']],
      [],
    );
    expect(run.outputs).toEqual(["Error: object of type 'int' has no len()"]);
    expect(run.data).toBe(run.input);
  });
});
