// book_reservation on the real airline data: outputs and data changes as τ-bench 59a200c's Python gives them.
import { describe, expect, it } from "vitest";
import { TAU_SHARED_DIR } from "../test-support/shared-tau-data.js";
import { runAirlineCalls } from "./test-support/airline-calls.js";

const suite = TAU_SHARED_DIR === undefined ? describe.skip : describe;

suite("book_reservation", () => {
  it("books with a certificate and a credit card: the certificate is removed, HATHAT added", () => {
    const run = runAirlineCalls(
      [
        [
          "book_reservation",
          '{"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT039", "date": "2024-05-20"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "certificate_7504069", "amount": 250}, {"payment_id": "credit_card_4421486", "amount": 5}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
        ],
      ],
      [
        ["users", "mia_li_3668"],
        ["reservations", "HATHAT"],
      ],
    );
    expect(run.outputs).toEqual([
      '{"reservation_id": "HATHAT", "user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20", "price": 152, "origin": "JFK", "destination": "ATL"}, {"flight_number": "HAT039", "date": "2024-05-20", "price": 103, "origin": "ATL", "destination": "SEA"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_history": [{"payment_id": "certificate_7504069", "amount": 250}, {"payment_id": "credit_card_4421486", "amount": 5}], "created_at": "2024-05-15T15:00:00", "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
    ]);
    expect(run.recordJson("users", "mia_li_3668")).toBe(
      '{"name": {"first_name": "Mia", "last_name": "Li"}, "address": {"address1": "975 Sunset Drive", "address2": "Suite 217", "city": "Austin", "country": "USA", "state": "TX", "zip": "78750"}, "email": "mia.li3818@example.com", "dob": "1990-04-05", "payment_methods": {"credit_card_4421486": {"source": "credit_card", "brand": "visa", "last_four": "7447", "id": "credit_card_4421486"}, "certificate_4856383": {"source": "certificate", "amount": 100, "id": "certificate_4856383"}, "credit_card_1955700": {"source": "credit_card", "brand": "visa", "last_four": "1907", "id": "credit_card_1955700"}}, "saved_passengers": [{"first_name": "Amelia", "last_name": "Ahmed", "dob": "1957-03-21"}], "membership": "gold", "reservations": ["NO6JO3", "AIXC49", "HKEG34", "HATHAT"]}',
    );
    expect(run.recordJson("reservations", "HATHAT")).toBe(
      '{"reservation_id": "HATHAT", "user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20", "price": 152, "origin": "JFK", "destination": "ATL"}, {"flight_number": "HAT039", "date": "2024-05-20", "price": 103, "origin": "ATL", "destination": "SEA"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_history": [{"payment_id": "certificate_7504069", "amount": 250}, {"payment_id": "credit_card_4421486", "amount": 5}], "created_at": "2024-05-15T15:00:00", "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
    );
  });

  it("debits a gift card and keeps a float amount a float", () => {
    const run = runAirlineCalls(
      [
        [
          "book_reservation",
          '{"user_id": "mei_hernandez_8984", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT039", "date": "2024-05-20"}], "passengers": [{"first_name": "Mei", "last_name": "Hernandez", "dob": "1981-01-01"}], "payment_methods": [{"payment_id": "gift_card_5309492", "amount": 98.0}, {"payment_id": "credit_card_2140654", "amount": 257}], "total_baggages": 3, "nonfree_baggages": 1, "insurance": "yes"}',
        ],
      ],
      [
        ["users", "mei_hernandez_8984"],
        ["reservations", "HATHAT"],
      ],
    );
    expect(run.outputs).toEqual([
      "Error: payment amount does not add up, total price is 335, but paid 355.0",
    ]);
    expect(run.recordJson("users", "mei_hernandez_8984")).toBe(
      '{"name": {"first_name": "Mei", "last_name": "Hernandez"}, "address": {"address1": "675 Sunset Drive", "address2": "Suite 623", "city": "Dallas", "country": "USA", "state": "TX", "zip": "75379"}, "email": "mei.hernandez3561@example.com", "dob": "1981-01-11", "payment_methods": {"gift_card_5309492": {"source": "gift_card", "amount": 98, "id": "gift_card_5309492"}, "credit_card_2140654": {"source": "credit_card", "brand": "mastercard", "last_four": "1698", "id": "credit_card_2140654"}, "certificate_7502997": {"source": "certificate", "amount": 250, "id": "certificate_7502997"}, "certificate_3321326": {"source": "certificate", "amount": 250, "id": "certificate_3321326"}, "credit_card_6082923": {"source": "credit_card", "brand": "visa", "last_four": "3202", "id": "credit_card_6082923"}}, "saved_passengers": [{"first_name": "Anya", "last_name": "Anderson", "dob": "1959-05-28"}], "membership": "gold", "reservations": ["R9QDGB", "07S7FC", "79G8A9", "1AKIA8"]}',
    );
    expect(run.recordJson("reservations", "HATHAT")).toBe("null");
    expect(run.data).toBe(run.input);
  });

  it("gives the ids HATHAT, HATHAU, HATHAV, then overwrites HATHAV", () => {
    const run = runAirlineCalls(
      [
        [
          "book_reservation",
          '{"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT039", "date": "2024-05-20"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "credit_card_4421486", "amount": 255}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
        ],
        [
          "book_reservation",
          '{"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT039", "date": "2024-05-20"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "credit_card_4421486", "amount": 255}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
        ],
        [
          "book_reservation",
          '{"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT039", "date": "2024-05-20"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "credit_card_4421486", "amount": 255}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
        ],
        [
          "book_reservation",
          '{"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT039", "date": "2024-05-20"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "credit_card_4421486", "amount": 255}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
        ],
      ],
      [
        ["users", "mia_li_3668"],
        ["reservations", "HATHAV"],
        ["reservations", "HATHAU"],
      ],
    );
    expect(run.outputs).toEqual([
      '{"reservation_id": "HATHAT", "user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20", "price": 152, "origin": "JFK", "destination": "ATL"}, {"flight_number": "HAT039", "date": "2024-05-20", "price": 103, "origin": "ATL", "destination": "SEA"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_history": [{"payment_id": "credit_card_4421486", "amount": 255}], "created_at": "2024-05-15T15:00:00", "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
      '{"reservation_id": "HATHAU", "user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20", "price": 152, "origin": "JFK", "destination": "ATL"}, {"flight_number": "HAT039", "date": "2024-05-20", "price": 103, "origin": "ATL", "destination": "SEA"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_history": [{"payment_id": "credit_card_4421486", "amount": 255}], "created_at": "2024-05-15T15:00:00", "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
      '{"reservation_id": "HATHAV", "user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20", "price": 152, "origin": "JFK", "destination": "ATL"}, {"flight_number": "HAT039", "date": "2024-05-20", "price": 103, "origin": "ATL", "destination": "SEA"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_history": [{"payment_id": "credit_card_4421486", "amount": 255}], "created_at": "2024-05-15T15:00:00", "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
      '{"reservation_id": "HATHAV", "user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20", "price": 152, "origin": "JFK", "destination": "ATL"}, {"flight_number": "HAT039", "date": "2024-05-20", "price": 103, "origin": "ATL", "destination": "SEA"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_history": [{"payment_id": "credit_card_4421486", "amount": 255}], "created_at": "2024-05-15T15:00:00", "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
    ]);
    expect(run.recordJson("users", "mia_li_3668")).toBe(
      '{"name": {"first_name": "Mia", "last_name": "Li"}, "address": {"address1": "975 Sunset Drive", "address2": "Suite 217", "city": "Austin", "country": "USA", "state": "TX", "zip": "78750"}, "email": "mia.li3818@example.com", "dob": "1990-04-05", "payment_methods": {"credit_card_4421486": {"source": "credit_card", "brand": "visa", "last_four": "7447", "id": "credit_card_4421486"}, "certificate_4856383": {"source": "certificate", "amount": 100, "id": "certificate_4856383"}, "certificate_7504069": {"source": "certificate", "amount": 250, "id": "certificate_7504069"}, "credit_card_1955700": {"source": "credit_card", "brand": "visa", "last_four": "1907", "id": "credit_card_1955700"}}, "saved_passengers": [{"first_name": "Amelia", "last_name": "Ahmed", "dob": "1957-03-21"}], "membership": "gold", "reservations": ["NO6JO3", "AIXC49", "HKEG34", "HATHAT", "HATHAU", "HATHAV", "HATHAV"]}',
    );
    expect(run.recordJson("reservations", "HATHAV")).toBe(
      '{"reservation_id": "HATHAV", "user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20", "price": 152, "origin": "JFK", "destination": "ATL"}, {"flight_number": "HAT039", "date": "2024-05-20", "price": 103, "origin": "ATL", "destination": "SEA"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_history": [{"payment_id": "credit_card_4421486", "amount": 255}], "created_at": "2024-05-15T15:00:00", "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
    );
    expect(run.recordJson("reservations", "HATHAU")).toBe(
      '{"reservation_id": "HATHAU", "user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20", "price": 152, "origin": "JFK", "destination": "ATL"}, {"flight_number": "HAT039", "date": "2024-05-20", "price": 103, "origin": "ATL", "destination": "SEA"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_history": [{"payment_id": "credit_card_4421486", "amount": 255}], "created_at": "2024-05-15T15:00:00", "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
    );
  });

  it("a certificate used twice: the first use removes it, the second raises KeyError with the removal kept", () => {
    const run = runAirlineCalls(
      [
        [
          "book_reservation",
          '{"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT039", "date": "2024-05-20"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "certificate_7504069", "amount": 100}, {"payment_id": "certificate_7504069", "amount": 155}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
        ],
      ],
      [["users", "mia_li_3668"]],
    );
    expect(run.outputs).toEqual(["Error: 'certificate_7504069'"]);
    expect(run.recordJson("users", "mia_li_3668")).toBe(
      '{"name": {"first_name": "Mia", "last_name": "Li"}, "address": {"address1": "975 Sunset Drive", "address2": "Suite 217", "city": "Austin", "country": "USA", "state": "TX", "zip": "78750"}, "email": "mia.li3818@example.com", "dob": "1990-04-05", "payment_methods": {"credit_card_4421486": {"source": "credit_card", "brand": "visa", "last_four": "7447", "id": "credit_card_4421486"}, "certificate_4856383": {"source": "certificate", "amount": 100, "id": "certificate_4856383"}, "credit_card_1955700": {"source": "credit_card", "brand": "visa", "last_four": "1907", "id": "credit_card_1955700"}}, "saved_passengers": [{"first_name": "Amelia", "last_name": "Ahmed", "dob": "1957-03-21"}], "membership": "gold", "reservations": ["NO6JO3", "AIXC49", "HKEG34"]}',
    );
  });

  it("error: user not found", () => {
    const run = runAirlineCalls(
      [
        [
          "book_reservation",
          '{"user_id": "nobody_1", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT039", "date": "2024-05-20"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "certificate_7504069", "amount": 250}, {"payment_id": "credit_card_4421486", "amount": 5}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: user not found"]);
    expect(run.data).toBe(run.input);
  });

  it("error: flight not found", () => {
    const run = runAirlineCalls(
      [
        [
          "book_reservation",
          '{"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT999", "date": "2024-05-20"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "certificate_7504069", "amount": 250}, {"payment_id": "credit_card_4421486", "amount": 5}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
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
          "book_reservation",
          '{"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-06-20"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "certificate_7504069", "amount": 250}, {"payment_id": "credit_card_4421486", "amount": 5}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: flight HAT136 not found on date 2024-06-20"]);
    expect(run.data).toBe(run.input);
  });

  it("error: flight not available on date", () => {
    const run = runAirlineCalls(
      [
        [
          "book_reservation",
          '{"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT001", "date": "2024-05-01"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "certificate_7504069", "amount": 250}, {"payment_id": "credit_card_4421486", "amount": 5}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
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
          "book_reservation",
          '{"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "basic_economy", "flights": [{"flight_number": "HAT001", "date": "2024-05-18"}], "passengers": [{"first_name": "A", "last_name": "B", "dob": "1990-01-01"}, {"first_name": "A", "last_name": "B", "dob": "1990-01-01"}, {"first_name": "A", "last_name": "B", "dob": "1990-01-01"}], "payment_methods": [{"payment_id": "certificate_7504069", "amount": 250}, {"payment_id": "credit_card_4421486", "amount": 5}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
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
          "book_reservation",
          '{"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT039", "date": "2024-05-20"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "gift_card_1", "amount": 255}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: payment method gift_card_1 not found"]);
    expect(run.data).toBe(run.input);
  });

  it("error: not enough balance on a certificate", () => {
    const run = runAirlineCalls(
      [
        [
          "book_reservation",
          '{"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT039", "date": "2024-05-20"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "certificate_4856383", "amount": 255}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: not enough balance in payment method certificate_4856383"]);
    expect(run.data).toBe(run.input);
  });

  it("error: not enough balance on a gift card", () => {
    const run = runAirlineCalls(
      [
        [
          "book_reservation",
          '{"user_id": "mei_hernandez_8984", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT039", "date": "2024-05-20"}], "passengers": [{"first_name": "Mei", "last_name": "Hernandez", "dob": "1981-01-01"}], "payment_methods": [{"payment_id": "gift_card_5309492", "amount": 255}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: not enough balance in payment method gift_card_5309492"]);
    expect(run.data).toBe(run.input);
  });

  it("error: payment does not add up", () => {
    const run = runAirlineCalls(
      [
        [
          "book_reservation",
          '{"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT039", "date": "2024-05-20"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "credit_card_4421486", "amount": 254.5}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual([
      "Error: payment amount does not add up, total price is 255, but paid 254.5",
    ]);
    expect(run.data).toBe(run.input);
  });

  it("error: a segment without flight_number is a KeyError", () => {
    const run = runAirlineCalls(
      [
        [
          "book_reservation",
          '{"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"date": "2024-05-20"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "certificate_7504069", "amount": 250}, {"payment_id": "credit_card_4421486", "amount": 5}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: 'flight_number'"]);
    expect(run.data).toBe(run.input);
  });

  it("error: an unknown cabin is a KeyError", () => {
    const run = runAirlineCalls(
      [
        [
          "book_reservation",
          '{"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "first", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT039", "date": "2024-05-20"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "certificate_7504069", "amount": 250}, {"payment_id": "credit_card_4421486", "amount": 5}], "total_baggages": 3, "nonfree_baggages": 0, "insurance": "no"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: 'first'"]);
    expect(run.data).toBe(run.input);
  });

  it("error: a str bag count is a TypeError", () => {
    const run = runAirlineCalls(
      [
        [
          "book_reservation",
          '{"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA", "flight_type": "one_way", "cabin": "economy", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT039", "date": "2024-05-20"}], "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}], "payment_methods": [{"payment_id": "certificate_7504069", "amount": 250}, {"payment_id": "credit_card_4421486", "amount": 5}], "total_baggages": 3, "nonfree_baggages": "1", "insurance": "no"}',
        ],
      ],
      [],
    );
    expect(run.outputs).toEqual(["Error: unsupported operand type(s) for +=: 'int' and 'str'"]);
    expect(run.data).toBe(run.input);
  });
});
