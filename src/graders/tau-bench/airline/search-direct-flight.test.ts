// search_direct_flight on the real airline data: outputs and data changes as τ-bench 59a200c's Python gives them.
import { describe, expect, it } from "vitest";
import { TAU_SHARED_DIR } from "../test-support/shared-tau-data.js";
import { runAirlineCalls } from "./test-support/airline-calls.js";

const suite = TAU_SHARED_DIR === undefined ? describe.skip : describe;

suite("search_direct_flight", () => {
  it("lists the available flights of the date", () => {
    const run = runAirlineCalls(
      [["search_direct_flight", '{"origin": "JFK", "destination": "SEA", "date": "2024-05-20"}']],
      [],
    );
    expect(run.outputs).toEqual([
      '[{"flight_number": "HAT069", "origin": "JFK", "destination": "SEA", "scheduled_departure_time_est": "06:00:00", "scheduled_arrival_time_est": "12:00:00", "status": "available", "available_seats": {"basic_economy": 17, "economy": 12, "business": 3}, "prices": {"basic_economy": 51, "economy": 121, "business": 239}}, {"flight_number": "HAT083", "origin": "JFK", "destination": "SEA", "scheduled_departure_time_est": "01:00:00", "scheduled_arrival_time_est": "07:00:00", "status": "available", "available_seats": {"basic_economy": 16, "economy": 7, "business": 3}, "prices": {"basic_economy": 87, "economy": 100, "business": 276}}]',
    ]);
    expect(run.data).toBe(run.input);
  });

  it("skips a date whose flights are not available", () => {
    const run = runAirlineCalls(
      [["search_direct_flight", '{"origin": "PHL", "destination": "LGA", "date": "2024-05-01"}']],
      [],
    );
    expect(run.outputs).toEqual(["[]"]);
    expect(run.data).toBe(run.input);
  });
});
