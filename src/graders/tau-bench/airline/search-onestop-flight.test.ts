// search_onestop_flight on the real airline data: outputs and data changes as τ-bench 59a200c's Python gives them.
import { describe, expect, it } from "vitest";
import { TAU_SHARED_DIR } from "../test-support/shared-tau-data.js";
import { runAirlineCalls } from "./test-support/airline-calls.js";

const suite = TAU_SHARED_DIR === undefined ? describe.skip : describe;

suite("search_onestop_flight", () => {
  it("lists connections", () => {
    const run = runAirlineCalls(
      [["search_onestop_flight", '{"origin": "JFK", "destination": "SEA", "date": "2024-05-20"}']],
      [],
    );
    expect(run.outputs).toEqual([
      '[[{"flight_number": "HAT057", "origin": "JFK", "destination": "ATL", "scheduled_departure_time_est": "07:00:00", "scheduled_arrival_time_est": "09:30:00", "status": "available", "available_seats": {"basic_economy": 7, "economy": 3, "business": 9}, "prices": {"basic_economy": 76, "economy": 141, "business": 477}, "date": "2024-05-20"}, {"flight_number": "HAT039", "origin": "ATL", "destination": "SEA", "scheduled_departure_time_est": "22:00:00", "scheduled_arrival_time_est": "03:00:00+1", "status": "available", "available_seats": {"basic_economy": 18, "economy": 10, "business": 2}, "prices": {"basic_economy": 52, "economy": 103, "business": 283}, "date": "2024-05-20"}], [{"flight_number": "HAT136", "origin": "JFK", "destination": "ATL", "scheduled_departure_time_est": "19:00:00", "scheduled_arrival_time_est": "21:30:00", "status": "available", "available_seats": {"basic_economy": 15, "economy": 14, "business": 2}, "prices": {"basic_economy": 52, "economy": 152, "business": 277}, "date": "2024-05-20"}, {"flight_number": "HAT039", "origin": "ATL", "destination": "SEA", "scheduled_departure_time_est": "22:00:00", "scheduled_arrival_time_est": "03:00:00+1", "status": "available", "available_seats": {"basic_economy": 18, "economy": 10, "business": 2}, "prices": {"basic_economy": 52, "economy": 103, "business": 283}, "date": "2024-05-20"}], [{"flight_number": "HAT218", "origin": "JFK", "destination": "ATL", "scheduled_departure_time_est": "18:00:00", "scheduled_arrival_time_est": "20:30:00", "status": "available", "available_seats": {"basic_economy": 12, "economy": 1, "business": 4}, "prices": {"basic_economy": 76, "economy": 158, "business": 342}, "date": "2024-05-20"}, {"flight_number": "HAT039", "origin": "ATL", "destination": "SEA", "scheduled_departure_time_est": "22:00:00", "scheduled_arrival_time_est": "03:00:00+1", "status": "available", "available_seats": {"basic_economy": 18, "economy": 10, "business": 2}, "prices": {"basic_economy": 52, "economy": 103, "business": 283}, "date": "2024-05-20"}], [{"flight_number": "HAT268", "origin": "JFK", "destination": "ATL", "scheduled_departure_time_est": "07:00:00", "scheduled_arrival_time_est": "09:30:00", "status": "available", "available_seats": {"basic_economy": 17, "economy": 19, "business": 12}, "prices": {"basic_economy": 91, "economy": 101, "business": 453}, "date": "2024-05-20"}, {"flight_number": "HAT039", "origin": "ATL", "destination": "SEA", "scheduled_departure_time_est": "22:00:00", "scheduled_arrival_time_est": "03:00:00+1", "status": "available", "available_seats": {"basic_economy": 18, "economy": 10, "business": 2}, "prices": {"basic_economy": 52, "economy": 103, "business": 283}, "date": "2024-05-20"}]]',
    ]);
    expect(run.data).toBe(run.input);
  });

  it("an overnight first leg puts the second on an unpadded next day", () => {
    const run = runAirlineCalls(
      [["search_onestop_flight", '{"origin": "BOS", "destination": "MSP", "date": "2024-05-20"}']],
      [],
    );
    expect(run.outputs).toEqual([
      '[[{"flight_number": "HAT235", "origin": "BOS", "destination": "MCO", "scheduled_departure_time_est": "23:00:00", "scheduled_arrival_time_est": "02:30:00+1", "status": "available", "available_seats": {"basic_economy": 3, "economy": 14, "business": 14}, "prices": {"basic_economy": 61, "economy": 160, "business": 308}, "date": "2024-05-20"}, {"flight_number": "HAT298", "origin": "MCO", "destination": "MSP", "scheduled_departure_time_est": "03:00:00", "scheduled_arrival_time_est": "06:00:00", "status": "available", "available_seats": {"basic_economy": 2, "economy": 13, "business": 1}, "prices": {"basic_economy": 98, "economy": 187, "business": 263}, "date": "2024-05-21"}]]',
    ]);
    expect(run.data).toBe(run.input);
  });

  it("error: a date whose last two characters are no number is a ValueError", () => {
    const run = runAirlineCalls(
      [["search_onestop_flight", '{"origin": "BOS", "destination": "MSP", "date": "May 5th"}']],
      [],
    );
    expect(run.outputs).toEqual(["Error: invalid literal for int() with base 10: 'th'"]);
    expect(run.data).toBe(run.input);
  });
});
