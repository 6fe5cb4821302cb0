// update_reservation_flights on the real airline data: outputs and data changes as τ-bench 59a200c's Python gives them.
import { describe, expect, it } from "vitest";
import { TAU_SHARED_DIR } from "../test-support/shared-tau-data.js";
import { runAirlineCalls } from "./test-support/airline-calls.js";

const suite = TAU_SHARED_DIR === undefined ? describe.skip : describe;

suite("update_reservation_flights", () => {
  it("same itinerary and cabin: old prices kept, nothing charged", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_flights",
          '{"reservation_id": "R9QDGB", "cabin": "economy", "flights": [{"flight_number": "HAT034", "date": "2024-05-28"}, {"flight_number": "HAT026", "date": "2024-05-28"}, {"flight_number": "HAT247", "date": "2024-05-30"}, {"flight_number": "HAT232", "date": "2024-05-30"}], "payment_id": "credit_card_6082923"}',
        ],
      ],
      [["reservations", "R9QDGB"]],
    );
    expect(run.outputs).toEqual([
      '{"reservation_id": "R9QDGB", "user_id": "mei_hernandez_8984", "origin": "LAX", "destination": "BOS", "flight_type": "round_trip", "cabin": "economy", "flights": [{"flight_number": "HAT034", "date": "2024-05-28", "price": 143, "origin": "LAX", "destination": "SFO"}, {"flight_number": "HAT026", "date": "2024-05-28", "price": 194, "origin": "SFO", "destination": "BOS"}, {"flight_number": "HAT247", "date": "2024-05-30", "price": 126, "origin": "BOS", "destination": "MIA"}, {"flight_number": "HAT232", "date": "2024-05-30", "price": 144, "origin": "MIA", "destination": "LAX"}], "passengers": [{"first_name": "Mei", "last_name": "Hernandez", "dob": "1981-01-11"}, {"first_name": "Liam", "last_name": "Kovacs", "dob": "1996-08-21"}, {"first_name": "Anya", "last_name": "Anderson", "dob": "1959-05-28"}], "payment_history": [{"payment_id": "credit_card_6082923", "amount": 1911}], "created_at": "2024-05-01T00:33:44", "total_baggages": 0, "nonfree_baggages": 0, "insurance": "yes"}',
    ]);
    expect(run.recordJson("reservations", "R9QDGB")).toBe(
      '{"reservation_id": "R9QDGB", "user_id": "mei_hernandez_8984", "origin": "LAX", "destination": "BOS", "flight_type": "round_trip", "cabin": "economy", "flights": [{"flight_number": "HAT034", "date": "2024-05-28", "price": 143, "origin": "LAX", "destination": "SFO"}, {"flight_number": "HAT026", "date": "2024-05-28", "price": 194, "origin": "SFO", "destination": "BOS"}, {"flight_number": "HAT247", "date": "2024-05-30", "price": 126, "origin": "BOS", "destination": "MIA"}, {"flight_number": "HAT232", "date": "2024-05-30", "price": 144, "origin": "MIA", "destination": "LAX"}], "passengers": [{"first_name": "Mei", "last_name": "Hernandez", "dob": "1981-01-11"}, {"first_name": "Liam", "last_name": "Kovacs", "dob": "1996-08-21"}, {"first_name": "Anya", "last_name": "Anderson", "dob": "1959-05-28"}], "payment_history": [{"payment_id": "credit_card_6082923", "amount": 1911}], "created_at": "2024-05-01T00:33:44", "total_baggages": 0, "nonfree_baggages": 0, "insurance": "yes"}',
    );
  });

  it("a cabin upgrade charges the difference; the reservation's cabin field stays", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_flights",
          '{"reservation_id": "R9QDGB", "cabin": "business", "flights": [{"flight_number": "HAT034", "date": "2024-05-28"}, {"flight_number": "HAT026", "date": "2024-05-28"}, {"flight_number": "HAT247", "date": "2024-05-30"}, {"flight_number": "HAT232", "date": "2024-05-30"}], "payment_id": "credit_card_6082923"}',
        ],
      ],
      [
        ["reservations", "R9QDGB"],
        ["users", "mei_hernandez_8984"],
      ],
    );
    expect(run.outputs).toEqual([
      '{"reservation_id": "R9QDGB", "user_id": "mei_hernandez_8984", "origin": "LAX", "destination": "BOS", "flight_type": "round_trip", "cabin": "economy", "flights": [{"flight_number": "HAT034", "date": "2024-05-28", "price": 341, "origin": "LAX", "destination": "SFO"}, {"flight_number": "HAT026", "date": "2024-05-28", "price": 301, "origin": "SFO", "destination": "BOS"}, {"flight_number": "HAT247", "date": "2024-05-30", "price": 431, "origin": "BOS", "destination": "MIA"}, {"flight_number": "HAT232", "date": "2024-05-30", "price": 378, "origin": "MIA", "destination": "LAX"}], "passengers": [{"first_name": "Mei", "last_name": "Hernandez", "dob": "1981-01-11"}, {"first_name": "Liam", "last_name": "Kovacs", "dob": "1996-08-21"}, {"first_name": "Anya", "last_name": "Anderson", "dob": "1959-05-28"}], "payment_history": [{"payment_id": "credit_card_6082923", "amount": 1911}, {"payment_id": "credit_card_6082923", "amount": 2532}], "created_at": "2024-05-01T00:33:44", "total_baggages": 0, "nonfree_baggages": 0, "insurance": "yes"}',
    ]);
    expect(run.recordJson("reservations", "R9QDGB")).toBe(
      '{"reservation_id": "R9QDGB", "user_id": "mei_hernandez_8984", "origin": "LAX", "destination": "BOS", "flight_type": "round_trip", "cabin": "economy", "flights": [{"flight_number": "HAT034", "date": "2024-05-28", "price": 341, "origin": "LAX", "destination": "SFO"}, {"flight_number": "HAT026", "date": "2024-05-28", "price": 301, "origin": "SFO", "destination": "BOS"}, {"flight_number": "HAT247", "date": "2024-05-30", "price": 431, "origin": "BOS", "destination": "MIA"}, {"flight_number": "HAT232", "date": "2024-05-30", "price": 378, "origin": "MIA", "destination": "LAX"}], "passengers": [{"first_name": "Mei", "last_name": "Hernandez", "dob": "1981-01-11"}, {"first_name": "Liam", "last_name": "Kovacs", "dob": "1996-08-21"}, {"first_name": "Anya", "last_name": "Anderson", "dob": "1959-05-28"}], "payment_history": [{"payment_id": "credit_card_6082923", "amount": 1911}, {"payment_id": "credit_card_6082923", "amount": 2532}], "created_at": "2024-05-01T00:33:44", "total_baggages": 0, "nonfree_baggages": 0, "insurance": "yes"}',
    );
    expect(run.recordJson("users", "mei_hernandez_8984")).toBe(
      '{"name": {"first_name": "Mei", "last_name": "Hernandez"}, "address": {"address1": "675 Sunset Drive", "address2": "Suite 623", "city": "Dallas", "country": "USA", "state": "TX", "zip": "75379"}, "email": "mei.hernandez3561@example.com", "dob": "1981-01-11", "payment_methods": {"gift_card_5309492": {"source": "gift_card", "amount": 98, "id": "gift_card_5309492"}, "credit_card_2140654": {"source": "credit_card", "brand": "mastercard", "last_four": "1698", "id": "credit_card_2140654"}, "certificate_7502997": {"source": "certificate", "amount": 250, "id": "certificate_7502997"}, "certificate_3321326": {"source": "certificate", "amount": 250, "id": "certificate_3321326"}, "credit_card_6082923": {"source": "credit_card", "brand": "visa", "last_four": "3202", "id": "credit_card_6082923"}}, "saved_passengers": [{"first_name": "Anya", "last_name": "Anderson", "dob": "1959-05-28"}], "membership": "gold", "reservations": ["R9QDGB", "07S7FC", "79G8A9", "1AKIA8"]}',
    );
  });

  it("a downgrade paid by gift card credits the difference", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_flights",
          '{"reservation_id": "R9QDGB", "cabin": "basic_economy", "flights": [{"flight_number": "HAT034", "date": "2024-05-28"}, {"flight_number": "HAT026", "date": "2024-05-28"}, {"flight_number": "HAT247", "date": "2024-05-30"}, {"flight_number": "HAT232", "date": "2024-05-30"}], "payment_id": "gift_card_5309492"}',
        ],
      ],
      [
        ["reservations", "R9QDGB"],
        ["users", "mei_hernandez_8984"],
      ],
    );
    expect(run.outputs).toEqual([
      '{"reservation_id": "R9QDGB", "user_id": "mei_hernandez_8984", "origin": "LAX", "destination": "BOS", "flight_type": "round_trip", "cabin": "economy", "flights": [{"flight_number": "HAT034", "date": "2024-05-28", "price": 83, "origin": "LAX", "destination": "SFO"}, {"flight_number": "HAT026", "date": "2024-05-28", "price": 99, "origin": "SFO", "destination": "BOS"}, {"flight_number": "HAT247", "date": "2024-05-30", "price": 98, "origin": "BOS", "destination": "MIA"}, {"flight_number": "HAT232", "date": "2024-05-30", "price": 56, "origin": "MIA", "destination": "LAX"}], "passengers": [{"first_name": "Mei", "last_name": "Hernandez", "dob": "1981-01-11"}, {"first_name": "Liam", "last_name": "Kovacs", "dob": "1996-08-21"}, {"first_name": "Anya", "last_name": "Anderson", "dob": "1959-05-28"}], "payment_history": [{"payment_id": "credit_card_6082923", "amount": 1911}, {"payment_id": "gift_card_5309492", "amount": -813}], "created_at": "2024-05-01T00:33:44", "total_baggages": 0, "nonfree_baggages": 0, "insurance": "yes"}',
    ]);
    expect(run.recordJson("reservations", "R9QDGB")).toBe(
      '{"reservation_id": "R9QDGB", "user_id": "mei_hernandez_8984", "origin": "LAX", "destination": "BOS", "flight_type": "round_trip", "cabin": "economy", "flights": [{"flight_number": "HAT034", "date": "2024-05-28", "price": 83, "origin": "LAX", "destination": "SFO"}, {"flight_number": "HAT026", "date": "2024-05-28", "price": 99, "origin": "SFO", "destination": "BOS"}, {"flight_number": "HAT247", "date": "2024-05-30", "price": 98, "origin": "BOS", "destination": "MIA"}, {"flight_number": "HAT232", "date": "2024-05-30", "price": 56, "origin": "MIA", "destination": "LAX"}], "passengers": [{"first_name": "Mei", "last_name": "Hernandez", "dob": "1981-01-11"}, {"first_name": "Liam", "last_name": "Kovacs", "dob": "1996-08-21"}, {"first_name": "Anya", "last_name": "Anderson", "dob": "1959-05-28"}], "payment_history": [{"payment_id": "credit_card_6082923", "amount": 1911}, {"payment_id": "gift_card_5309492", "amount": -813}], "created_at": "2024-05-01T00:33:44", "total_baggages": 0, "nonfree_baggages": 0, "insurance": "yes"}',
    );
    expect(run.recordJson("users", "mei_hernandez_8984")).toBe(
      '{"name": {"first_name": "Mei", "last_name": "Hernandez"}, "address": {"address1": "675 Sunset Drive", "address2": "Suite 623", "city": "Dallas", "country": "USA", "state": "TX", "zip": "75379"}, "email": "mei.hernandez3561@example.com", "dob": "1981-01-11", "payment_methods": {"gift_card_5309492": {"source": "gift_card", "amount": 911, "id": "gift_card_5309492"}, "credit_card_2140654": {"source": "credit_card", "brand": "mastercard", "last_four": "1698", "id": "credit_card_2140654"}, "certificate_7502997": {"source": "certificate", "amount": 250, "id": "certificate_7502997"}, "certificate_3321326": {"source": "certificate", "amount": 250, "id": "certificate_3321326"}, "credit_card_6082923": {"source": "credit_card", "brand": "visa", "last_four": "3202", "id": "credit_card_6082923"}}, "saved_passengers": [{"first_name": "Anya", "last_name": "Anderson", "dob": "1959-05-28"}], "membership": "gold", "reservations": ["R9QDGB", "07S7FC", "79G8A9", "1AKIA8"]}',
    );
  });

  it("one segment replaced: the kept ones keep their prices", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_flights",
          '{"reservation_id": "R9QDGB", "cabin": "economy", "flights": [{"flight_number": "HAT034", "date": "2024-05-28"}, {"flight_number": "HAT026", "date": "2024-05-28"}], "payment_id": "credit_card_6082923"}',
        ],
      ],
      [["reservations", "R9QDGB"]],
    );
    expect(run.outputs).toEqual([
      '{"reservation_id": "R9QDGB", "user_id": "mei_hernandez_8984", "origin": "LAX", "destination": "BOS", "flight_type": "round_trip", "cabin": "economy", "flights": [{"flight_number": "HAT034", "date": "2024-05-28", "price": 143, "origin": "LAX", "destination": "SFO"}, {"flight_number": "HAT026", "date": "2024-05-28", "price": 194, "origin": "SFO", "destination": "BOS"}], "passengers": [{"first_name": "Mei", "last_name": "Hernandez", "dob": "1981-01-11"}, {"first_name": "Liam", "last_name": "Kovacs", "dob": "1996-08-21"}, {"first_name": "Anya", "last_name": "Anderson", "dob": "1959-05-28"}], "payment_history": [{"payment_id": "credit_card_6082923", "amount": 1911}, {"payment_id": "credit_card_6082923", "amount": -810}], "created_at": "2024-05-01T00:33:44", "total_baggages": 0, "nonfree_baggages": 0, "insurance": "yes"}',
    ]);
    expect(run.recordJson("reservations", "R9QDGB")).toBe(
      '{"reservation_id": "R9QDGB", "user_id": "mei_hernandez_8984", "origin": "LAX", "destination": "BOS", "flight_type": "round_trip", "cabin": "economy", "flights": [{"flight_number": "HAT034", "date": "2024-05-28", "price": 143, "origin": "LAX", "destination": "SFO"}, {"flight_number": "HAT026", "date": "2024-05-28", "price": 194, "origin": "SFO", "destination": "BOS"}], "passengers": [{"first_name": "Mei", "last_name": "Hernandez", "dob": "1981-01-11"}, {"first_name": "Liam", "last_name": "Kovacs", "dob": "1996-08-21"}, {"first_name": "Anya", "last_name": "Anderson", "dob": "1959-05-28"}], "payment_history": [{"payment_id": "credit_card_6082923", "amount": 1911}, {"payment_id": "credit_card_6082923", "amount": -810}], "created_at": "2024-05-01T00:33:44", "total_baggages": 0, "nonfree_baggages": 0, "insurance": "yes"}',
    );
  });

  it("error: reservation not found", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_flights",
          '{"reservation_id": "NOSUCH", "cabin": "economy", "flights": [{"flight_number": "HAT034", "date": "2024-05-28"}, {"flight_number": "HAT026", "date": "2024-05-28"}, {"flight_number": "HAT247", "date": "2024-05-30"}, {"flight_number": "HAT232", "date": "2024-05-30"}], "payment_id": "credit_card_6082923"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: reservation not found"]);
    expect(run.data).toBe(run.input);
  });

  it("error: flight not found", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_flights",
          '{"reservation_id": "R9QDGB", "cabin": "economy", "flights": [{"flight_number": "HAT999", "date": "2024-05-28"}], "payment_id": "credit_card_6082923"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: flight HAT999 not found"]);
    expect(run.data).toBe(run.input);
  });

  it("error: flight not found on date", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_flights",
          '{"reservation_id": "R9QDGB", "cabin": "economy", "flights": [{"flight_number": "HAT034", "date": "2024-07-01"}], "payment_id": "credit_card_6082923"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: flight HAT034 not found on date 2024-07-01"]);
    expect(run.data).toBe(run.input);
  });

  it("error: flight not available on date", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_flights",
          '{"reservation_id": "R9QDGB", "cabin": "economy", "flights": [{"flight_number": "HAT001", "date": "2024-05-01"}], "payment_id": "credit_card_6082923"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: flight HAT001 not available on date 2024-05-01"]);
    expect(run.data).toBe(run.input);
  });

  it("error: not enough seats", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_flights",
          '{"reservation_id": "R9QDGB", "cabin": "basic_economy", "flights": [{"flight_number": "HAT001", "date": "2024-05-18"}], "payment_id": "credit_card_6082923"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: not enough seats on flight HAT001"]);
    expect(run.data).toBe(run.input);
  });

  it("error: payment method not found", () => {
    const run = runAirlineCalls(
      [
        [
          "update_reservation_flights",
          '{"reservation_id": "R9QDGB", "cabin": "economy", "flights": [{"flight_number": "HAT034", "date": "2024-05-28"}, {"flight_number": "HAT026", "date": "2024-05-28"}, {"flight_number": "HAT247", "date": "2024-05-30"}, {"flight_number": "HAT232", "date": "2024-05-30"}], "payment_id": "gift_card_1"}',
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
          "update_reservation_flights",
          '{"reservation_id": "R9QDGB", "cabin": "economy", "flights": [{"flight_number": "HAT034", "date": "2024-05-28"}, {"flight_number": "HAT026", "date": "2024-05-28"}, {"flight_number": "HAT247", "date": "2024-05-30"}, {"flight_number": "HAT232", "date": "2024-05-30"}], "payment_id": "certificate_7502997"}',
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
          "update_reservation_flights",
          '{"reservation_id": "R9QDGB", "cabin": "business", "flights": [{"flight_number": "HAT034", "date": "2024-05-28"}, {"flight_number": "HAT026", "date": "2024-05-28"}, {"flight_number": "HAT247", "date": "2024-05-30"}, {"flight_number": "HAT232", "date": "2024-05-30"}], "payment_id": "gift_card_5309492"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: gift card balance is not enough"]);
    expect(run.data).toBe(run.input);
  });
});
