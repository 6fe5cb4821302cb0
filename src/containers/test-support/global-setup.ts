// Before the container tests: the engine and its images ready (the first time here: installs, a debootstrap and an
// image build, a few minutes), so that no test's own time limit pays for it.
import { testDockerHost } from "./test-engine.js";

export function setup(): void {
  testDockerHost();
}
