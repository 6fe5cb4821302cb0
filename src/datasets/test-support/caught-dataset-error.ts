// For tests of downloads and readers: the DatasetError a promise rejects with (the test fails when it resolves or
// rejects with anything else), so its message and code can be checked.
import { expect } from "vitest";
import { DatasetError } from "../../errors.js";

export async function caughtDatasetError(promise: Promise<unknown>): Promise<DatasetError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasetError);
  return error as DatasetError;
}
