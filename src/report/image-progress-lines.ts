// Container images being made ready, as plain lines: one when a pull or build starts, one when it is done (layer
// and build-step lines are left to the engine's own logs; a failed build's last lines come with its error).
import type { ImageProgress } from "../core/image-progress.js";

export function imageProgressLines(write: (line: string) => void): (progress: ImageProgress) => void {
  return ({ image, action, message }) => {
    if (message === "pulling") write(`pulling image ${image}`);
    else if (message === "building") write(`building image ${image}`);
    else if (message === "done") write(`${action === "pull" ? "pulled" : "built"} image ${image}`);
  };
}
