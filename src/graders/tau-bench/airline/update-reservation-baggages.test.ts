// update_reservation_baggages on the real airline data: outputs and data changes as τ-bench 59a200c's Python gives them.
import { describe, expect, it } from "vitest";
import { TAU_SHARED_DIR } from "../test-support/shared-tau-data.js";
import { runAirlineCalls } from "./test-support/airline-calls.js";

const suite = TAU_SHARED_DIR === undefined ? describe.skip : describe;

suite("update_reservation_baggages", () => {
  it("charges 50 per extra non-free bag to a credit card", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_baggages",
          '{"reservation_id": "R9QDGB", "total_baggages": 3, "nonfree_baggages": 2, "payment_id": "credit_card_6082923"}',
        ],
      ],
      [
        ["reservations", "R9QDGB"],
        ["users", "mei_hernandez_8984"],
      ],
    );
    expect(run.outputs).toEqual([
      '{"reservation_id": "R9QDGB", "user_id": "mei_hernandez_8984", "origin": "LAX", "destination": "BOS", "flight_type": "round_trip", "cabin": "economy", "flights": [{"origin": "LAX", "destination": "SFO", "flight_number": "HAT034", "date": "2024-05-28", "price": 143}, {"origin": "SFO", "destination": "BOS", "flight_number": "HAT026", "date": "2024-05-28", "price": 194}, {"origin": "BOS", "destination": "MIA", "flight_number": "HAT247", "date": "2024-05-30", "price": 126}, {"origin": "MIA", "destination": "LAX", "flight_number": "HAT232", "date": "2024-05-30", "price": 144}], "passengers": [{"first_name": "Mei", "last_name": "Hernandez", "dob": "1981-01-11"}, {"first_name": "Liam", "last_name": "Kovacs", "dob": "1996-08-21"}, {"first_name": "Anya", "last_name": "Anderson", "dob": "1959-05-28"}], "payment_history": [{"payment_id": "credit_card_6082923", "amount": 1911}, {"payment_id": "credit_card_6082923", "amount": 100}], "created_at": "2024-05-01T00:33:44", "total_baggages": 3, "nonfree_baggages": 2, "insurance": "yes"}',
    ]);
    expect(run.recordJson("reservations", "R9QDGB")).toBe(
      '{"reservation_id": "R9QDGB", "user_id": "mei_hernandez_8984", "origin": "LAX", "destination": "BOS", "flight_type": "round_trip", "cabin": "economy", "flights": [{"origin": "LAX", "destination": "SFO", "flight_number": "HAT034", "date": "2024-05-28", "price": 143}, {"origin": "SFO", "destination": "BOS", "flight_number": "HAT026", "date": "2024-05-28", "price": 194}, {"origin": "BOS", "destination": "MIA", "flight_number": "HAT247", "date": "2024-05-30", "price": 126}, {"origin": "MIA", "destination": "LAX", "flight_number": "HAT232", "date": "2024-05-30", "price": 144}], "passengers": [{"first_name": "Mei", "last_name": "Hernandez", "dob": "1981-01-11"}, {"first_name": "Liam", "last_name": "Kovacs", "dob": "1996-08-21"}, {"first_name": "Anya", "last_name": "Anderson", "dob": "1959-05-28"}], "payment_history": [{"payment_id": "credit_card_6082923", "amount": 1911}, {"payment_id": "credit_card_6082923", "amount": 100}], "created_at": "2024-05-01T00:33:44", "total_baggages": 3, "nonfree_baggages": 2, "insurance": "yes"}',
    );
    expect(run.recordJson("users", "mei_hernandez_8984")).toBe(
      '{"name": {"first_name": "Mei", "last_name": "Hernandez"}, "address": {"address1": "675 Sunset Drive", "address2": "Suite 623", "city": "Dallas", "country": "USA", "state": "TX", "zip": "75379"}, "email": "mei.hernandez3561@example.com", "dob": "1981-01-11", "payment_methods": {"gift_card_5309492": {"source": "gift_card", "amount": 98, "id": "gift_card_5309492"}, "credit_card_2140654": {"source": "credit_card", "brand": "mastercard", "last_four": "1698", "id": "credit_card_2140654"}, "certificate_7502997": {"source": "certificate", "amount": 250, "id": "certificate_7502997"}, "certificate_3321326": {"source": "certificate", "amount": 250, "id": "certificate_3321326"}, "credit_card_6082923": {"source": "credit_card", "brand": "visa", "last_four": "3202", "id": "credit_card_6082923"}}, "saved_passengers": [{"first_name": "Anya", "last_name": "Anderson", "dob": "1959-05-28"}], "membership": "gold", "reservations": ["R9QDGB", "07S7FC", "79G8A9", "1AKIA8"]}',
    );
  });

  it("debits a gift card", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_baggages",
          '{"reservation_id": "4WQ150", "total_baggages": 6, "nonfree_baggages": 1, "payment_id": "gift_card_3576581"}',
        ],
      ],
      [
        ["reservations", "4WQ150"],
        ["users", "chen_jackson_3290"],
      ],
    );
    expect(run.outputs).toEqual([
      '{"reservation_id": "4WQ150", "user_id": "chen_jackson_3290", "origin": "DFW", "destination": "LAX", "flight_type": "round_trip", "cabin": "business", "flights": [{"origin": "DFW", "destination": "LAX", "flight_number": "HAT170", "date": "2024-05-22", "price": 883}, {"origin": "LAX", "destination": "DFW", "flight_number": "HAT022", "date": "2024-05-26", "price": 779}], "passengers": [{"first_name": "Chen", "last_name": "Jackson", "dob": "1956-07-07"}, {"first_name": "Raj", "last_name": "Smith", "dob": "1967-04-01"}, {"first_name": "Fatima", "last_name": "Martin", "dob": "1970-01-20"}], "payment_history": [{"payment_id": "gift_card_3576581", "amount": 4986}, {"payment_id": "gift_card_3576581", "amount": 50}], "created_at": "2024-05-02T03:10:19", "total_baggages": 6, "nonfree_baggages": 1, "insurance": "no"}',
    ]);
    expect(run.recordJson("reservations", "4WQ150")).toBe(
      '{"reservation_id": "4WQ150", "user_id": "chen_jackson_3290", "origin": "DFW", "destination": "LAX", "flight_type": "round_trip", "cabin": "business", "flights": [{"origin": "DFW", "destination": "LAX", "flight_number": "HAT170", "date": "2024-05-22", "price": 883}, {"origin": "LAX", "destination": "DFW", "flight_number": "HAT022", "date": "2024-05-26", "price": 779}], "passengers": [{"first_name": "Chen", "last_name": "Jackson", "dob": "1956-07-07"}, {"first_name": "Raj", "last_name": "Smith", "dob": "1967-04-01"}, {"first_name": "Fatima", "last_name": "Martin", "dob": "1970-01-20"}], "payment_history": [{"payment_id": "gift_card_3576581", "amount": 4986}, {"payment_id": "gift_card_3576581", "amount": 50}], "created_at": "2024-05-02T03:10:19", "total_baggages": 6, "nonfree_baggages": 1, "insurance": "no"}',
    );
    expect(run.recordJson("users", "chen_jackson_3290")).toBe(
      '{"name": {"first_name": "Chen", "last_name": "Jackson"}, "address": {"address1": "848 Elm Avenue", "address2": "Suite 690", "city": "Seattle", "country": "USA", "state": "WA", "zip": "98174"}, "email": "chen.jackson9941@example.com", "dob": "1956-07-07", "payment_methods": {"gift_card_3576581": {"source": "gift_card", "amount": 195, "id": "gift_card_3576581"}}, "saved_passengers": [{"first_name": "Raj", "last_name": "Smith", "dob": "1967-04-01"}], "membership": "silver", "reservations": ["4WQ150", "DDHPNX", "Y69PCE", "2JV270"]}',
    );
  });

  it("fewer bags: nothing charged, nothing appended", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_baggages",
          '{"reservation_id": "R9QDGB", "total_baggages": 1, "nonfree_baggages": 0, "payment_id": "credit_card_6082923"}',
        ],
      ],
      [["reservations", "R9QDGB"]],
    );
    expect(run.outputs).toEqual([
      '{"reservation_id": "R9QDGB", "user_id": "mei_hernandez_8984", "origin": "LAX", "destination": "BOS", "flight_type": "round_trip", "cabin": "economy", "flights": [{"origin": "LAX", "destination": "SFO", "flight_number": "HAT034", "date": "2024-05-28", "price": 143}, {"origin": "SFO", "destination": "BOS", "flight_number": "HAT026", "date": "2024-05-28", "price": 194}, {"origin": "BOS", "destination": "MIA", "flight_number": "HAT247", "date": "2024-05-30", "price": 126}, {"origin": "MIA", "destination": "LAX", "flight_number": "HAT232", "date": "2024-05-30", "price": 144}], "passengers": [{"first_name": "Mei", "last_name": "Hernandez", "dob": "1981-01-11"}, {"first_name": "Liam", "last_name": "Kovacs", "dob": "1996-08-21"}, {"first_name": "Anya", "last_name": "Anderson", "dob": "1959-05-28"}], "payment_history": [{"payment_id": "credit_card_6082923", "amount": 1911}], "created_at": "2024-05-01T00:33:44", "total_baggages": 1, "nonfree_baggages": 0, "insurance": "yes"}',
    ]);
    expect(run.recordJson("reservations", "R9QDGB")).toBe(
      '{"reservation_id": "R9QDGB", "user_id": "mei_hernandez_8984", "origin": "LAX", "destination": "BOS", "flight_type": "round_trip", "cabin": "economy", "flights": [{"origin": "LAX", "destination": "SFO", "flight_number": "HAT034", "date": "2024-05-28", "price": 143}, {"origin": "SFO", "destination": "BOS", "flight_number": "HAT026", "date": "2024-05-28", "price": 194}, {"origin": "BOS", "destination": "MIA", "flight_number": "HAT247", "date": "2024-05-30", "price": 126}, {"origin": "MIA", "destination": "LAX", "flight_number": "HAT232", "date": "2024-05-30", "price": 144}], "passengers": [{"first_name": "Mei", "last_name": "Hernandez", "dob": "1981-01-11"}, {"first_name": "Liam", "last_name": "Kovacs", "dob": "1996-08-21"}, {"first_name": "Anya", "last_name": "Anderson", "dob": "1959-05-28"}], "payment_history": [{"payment_id": "credit_card_6082923", "amount": 1911}], "created_at": "2024-05-01T00:33:44", "total_baggages": 1, "nonfree_baggages": 0, "insurance": "yes"}',
    );
  });

  it("error: reservation not found", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_baggages",
          '{"reservation_id": "NOSUCH", "total_baggages": 1, "nonfree_baggages": 0, "payment_id": "x"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: reservation not found"]);
    expect(run.data).toBe(run.input);
  });

  it("error: payment method not found", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_baggages",
          '{"reservation_id": "4WQ150", "total_baggages": 1, "nonfree_baggages": 0, "payment_id": "credit_card_4421486"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: payment method not found"]);
    expect(run.data).toBe(run.input);
  });

  it("error: a certificate cannot pay", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_baggages",
          '{"reservation_id": "R9QDGB", "total_baggages": 1, "nonfree_baggages": 0, "payment_id": "certificate_7502997"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: certificate cannot be used to update reservation"]);
    expect(run.data).toBe(run.input);
  });

  it("error: gift card balance is not enough", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_baggages",
          '{"reservation_id": "R9QDGB", "total_baggages": 9, "nonfree_baggages": 9, "payment_id": "gift_card_5309492"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: gift card balance is not enough"]);
    expect(run.data).toBe(run.input);
  });
});
